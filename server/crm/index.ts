/**
 * The CRM feature's public module: what other modules may import from server/crm/ besides its routes
 * (feature.ts, which server/app.ts lists), checked by scripts/feature-boundaries.mjs. Everything
 * else in the folder is the feature's own. The routes stay out of here so that a module needing a
 * helper does not load them (nor register their answer shapes) early.
 */
/** The 404 message for a lead that is not there (the lead's other calls: consent, sequences, privacy, invitations). */
export { LEAD_NOT_FOUND_MESSAGE } from './leads-store';
/** A change's `version` field (409 when the record moved on), shared by every versioned edit. */
export { versionField } from './lead-changes';
/** The inbox's filters and search, for finding a lead to merge with (server/merge/). */
export { leadQuerySchema, SEARCH_MAX } from './lead-filters';
export { searchLeadPage } from './lead-search-page';
/** The course name shown for a lead who asked for advice (lead mails, repeat inquiries, the privacy export). */
export { NEED_ADVICE_COURSE_NAME } from './staff-lead';
/** The dashboard charts' weeks, shared by the first-contact chart (server/assignment/). */
export { CHART_WEEKS, weekStart } from './dashboard-charts';
/** CSV lines as the leads export writes them (the audit log's export). */
export { CSV_BOM, csvLine } from './leads-csv';
/** Folding the lead tallies' per-connection slots (server/jobs/housekeeping.ts). */
export { foldLeadTallies } from './lead-tallies';
