/**
 * The assignment feature's public module: what other modules may import from server/assignment/
 * besides its routes (feature.ts, which server/app.ts lists), checked by
 * scripts/feature-boundaries.mjs. contact.ts is public too: the CRM's lead list and lead read
 * "not contacted yet" from it, and loading this module there would come back round through the CRM.
 * Everything else in the folder is the feature's own.
 */
/** Its speed-to-lead job (server/server.ts starts it), and assigning new leads in a lead-life pass. */
export { workSpeedToLead } from './speed-to-lead';
export { runAssignmentPass } from './assignment-pass';
/** The admins' addresses, for a notice to them (backups, refund reminders). */
export { adminAddresses } from './staff-notice';
