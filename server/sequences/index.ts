/**
 * The sequences feature's public module: what other modules may import from server/sequences/
 * besides its routes (feature.ts, which server/app.ts lists), checked by
 * scripts/feature-boundaries.mjs. Everything else in the folder is the feature's own.
 */
/** Its job (server/server.ts starts it), and enrolling new leads in a lead-life pass. */
export { workSequences } from './engine';
export { enrolNewLeads } from './sweep';
/** Enrolling a lead when its attendance at an event is recorded (server/events/outcomes.ts). */
export { enrolForEventOutcome, type EventOutcome } from './event-outcome';
/** Moving enrolments when two leads are merged (server/merge/merge-hooks.ts). */
export { moveEnrolments } from './merge-enrolments';
/** Its personal data, for the privacy registry (server/privacy/registry.ts). */
export { SEQUENCE_PERSONAL_TABLES } from './personal-data';
