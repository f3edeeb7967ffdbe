/**
 * The leads feature's public module: what other modules may import from server/leads/ besides its
 * route (feature.ts, which server/app.ts lists) and its outage spool (spool.ts, which server/server.ts
 * starts and /api/health counts: it takes the AppContext, which holds the lead's follow-up that
 * imports this module, so it stays out of here), checked by scripts/feature-boundaries.mjs.
 * Everything else in the folder is the feature's own. The route stays out of here so that a module
 * needing the record or the store does not load it early.
 */
/** A stored lead, and the leads made by an event registration or an application (server/events/, server/applications/). */
export { isRegistrationLead, REGISTRATION_KEY_PREFIX, type LeadRecord } from './lead-record';
export { insertLead } from './store';
/** The inquiry's validation, which an event registration shares (server/events/registration-input.ts). */
export { fieldErrors, leadPayloadSchema, MESSAGES } from './validate';
/** A mail's greeting line (event and application mails). */
export { greeting } from './lead-mails';
/** The limit on confirmations to one address (consent, event registrations, housekeeping's purge). */
export { purgeOldConfirmations, recipientKey } from './confirmation-limit';
/** The lead's notification mails, a step of its follow-up (server/lead-life/). */
export { leadNotifier } from './lead-notifier';
