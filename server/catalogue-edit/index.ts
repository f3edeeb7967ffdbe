/**
 * The catalogue-editing feature's public module: what other modules may import from
 * server/catalogue-edit/ besides its routes (feature.ts, which server/app.ts lists), checked by
 * scripts/feature-boundaries.mjs. The routes and their answers stay out of here, so that the
 * public catalogue, which serves the photos stored here, does not load them.
 */
/** The stored professors' photos, which the public catalogue serves and links to. */
export { findPhoto, type StoredPhoto } from './professor-photos';
/** Telling a unique-key refusal from other database errors (the events' store too). */
export { isUniqueViolation } from './edit-transaction';
