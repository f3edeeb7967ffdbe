/**
 * The two shapes every wire type builds on. Their own module so that contract.ts and the modules
 * it includes (catalogue-content.ts) can share them without importing each other; contract.ts
 * re-exports them.
 */

/** A 24-hex identifier, as the seed's provider API uses (`_id`). */
export type Id = string;

/** A name and its slug: written once as src/catalogue-schemas.ts's `namedSlugSchema`. */
export type { NamedSlug } from './catalogue-schemas';
