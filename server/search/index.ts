/**
 * The search feature's public module: what other modules may import from server/search/ besides its
 * routes (feature.ts) and its answer's name (answer-components.ts, for the API description's order),
 * checked by scripts/feature-boundaries.mjs. The routes stay out of here: the catalogue's read path
 * (server/catalogue/public-read.ts), which the routes use, runs the search through this module.
 */
/** The search itself, its synonyms and its result cache (server/catalogue/public-read.ts). */
export { searchSite } from './search';
export { synonymsFor } from './synonyms';
export { SEARCH_CACHE_SECONDS, SearchResultCache } from './result-cache';
/** What a search accepts, for the site's /search page too (server/pages/page-renderer.ts). */
export { siteSearchQuery } from './site-query';
