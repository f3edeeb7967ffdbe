/**
 * The events feature's public module: what other modules may import from server/events/ besides its
 * routes (feature.ts, which server/app.ts lists), checked by scripts/feature-boundaries.mjs.
 * Everything else in the folder is the feature's own. The routes stay out of here so that a module
 * needing a job or a renderer does not load them (nor register their answer shapes) early.
 */
/** Its jobs (server/server.ts starts them) and the daily mail cap's purge (server/jobs/housekeeping.ts). */
export { workEventJobs } from './event-jobs';
export { purgeOldMailCaps } from './mail-cap';
/** Its timeline entries' renderer (server/timeline/render.ts). */
export { eventEntry } from './event-timeline';
/** Its personal data, for the privacy registry (server/privacy/registry.ts). */
export { EVENT_CONTACT_SOURCES, EVENT_PERSONAL_TABLES } from './personal-data';
