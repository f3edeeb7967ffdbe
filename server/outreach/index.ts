/**
 * The outreach feature's public module: what other modules may import from server/outreach/ besides
 * its routes (feature.ts, which server/app.ts lists), checked by scripts/feature-boundaries.mjs.
 * Everything else in the folder is the feature's own. The routes stay out of here so that a module
 * sending a mail does not load them early.
 */
/** Sending a lead a mail within a transaction (a sequence's e-mail step). */
export { sendLeadEmailIn } from './send-lead-email';
/** A lead's sent mails, for its timeline (server/crm/timeline.ts). */
export { sentEmailsOfLead } from './sent-emails';
/** The starter templates a new database gets (server/db/seed.ts). */
export { insertStarterTemplates } from './starter-templates';
/** Its personal data, for the privacy registry (server/privacy/registry.ts). */
export { PERSONAL_DATA as OUTREACH_PERSONAL_DATA } from './personal-data';
