/** The wire contract of the keyword search (GET /api/search), shared by the server and the site. */

// Written once as a zod schema (src/search-schemas.ts, server-only values); the types come from there.
export type { SearchAnswer, SearchHit, SearchHitKind } from './search-schemas';
