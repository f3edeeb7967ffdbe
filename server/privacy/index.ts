/**
 * The privacy feature's public module: what other modules may import from server/privacy/ besides
 * its routes (feature.ts, which server/app.ts lists) and personal-tables.ts (the types every
 * feature's personal-data.ts declares its tables with), checked by scripts/feature-boundaries.mjs.
 */
/** The retention job (server/server.ts starts it). */
export { workRetention } from './retention-job';
/** Its timeline entries' renderers (server/timeline/render.ts). */
export { anonymisedEntry, privacyRequestEntry } from './timeline-entries';
/** What an export adds beyond the rows (the applications' documents: server/applications/document-export.ts). */
export type { ExportExtras } from './export';
