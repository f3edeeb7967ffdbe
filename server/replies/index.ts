/**
 * The replies feature's public module: what other modules may import from server/replies/ besides
 * its routes (feature.ts, which server/app.ts lists), checked by scripts/feature-boundaries.mjs.
 * Everything else in the folder is the feature's own.
 */
/** Its job reading the mailbox (server/server.ts starts it when IMAP_URL is set). */
export { startRepliesIfConfigured } from './replies-job';
/** A lead's replies, for its timeline (server/crm/timeline.ts). */
export { repliesOfLead } from './reply-rows';
/** Its personal data, for the privacy registry (server/privacy/registry.ts). */
export { PERSONAL_DATA as REPLIES_PERSONAL_DATA } from './personal-data';
