/**
 * Field rules shared by the catalogue editor's schemas. Its routes answer one human message per
 * field (`errors: { "fees.domestic_tuition": "…" }`, server/routes/route-schema.ts), so the CRM
 * can show each message next to its input instead of only the first problem.
 */
import { z } from 'zod';
import { DELIVERY_MODES, DURATION_UNITS, STATUSES, COURSE_TYPES } from '../../src/lookups';

// Texts and lists follow the rules of a course's decision content (src/catalogue-content-schemas.ts).
export { text, textList } from '../../src/catalogue-content-schemas';

export const SLUG_MESSAGE = 'The slug may contain only lower-case letters, digits and single hyphens (e.g. "network-administrator").';
export const slug = z
  .string({ error: SLUG_MESSAGE })
  .trim()
  .max(100, { error: 'The slug is too long (at most 100 characters).' })
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: SLUG_MESSAGE });

export const ID_MESSAGE = 'Please choose an existing item.';
export const id = z.string({ error: ID_MESSAGE }).regex(/^[0-9a-f]{24}$/, { error: ID_MESSAGE });

export const position = z
  .number({ error: 'The position must be a whole number from 0.' })
  .int({ error: 'The position must be a whole number from 0.' })
  .min(0, { error: 'The position must be a whole number from 0.' })
  .max(10_000, { error: 'The position must be at most 10000.' });

const lookup = <T extends number>(values: readonly { id: T; title: string }[], label: string) => {
  const message = `Please choose a ${label}: ${values.map((v) => `${v.title} (${v.id})`).join(', ')}.`;
  // z.custom has no JSON Schema of its own: the metadata tells the API description the ids it takes.
  return z
    .custom<T>((value) => typeof value === 'number' && values.some((v) => v.id === value), { error: message })
    .meta({ type: 'integer', enum: values.map((v) => v.id), description: values.map((v) => `${v.id}: ${v.title}`).join(', ') });
};
export const courseType = lookup(COURSE_TYPES, 'course type');
export const durationUnit = lookup(DURATION_UNITS, 'duration unit');
export const deliveryMode = lookup(DELIVERY_MODES, 'delivery mode');
export const status = lookup(STATUSES, 'status');

export const DATE_MESSAGE = 'Please enter a date as YYYY-MM-DD.';
export const isoDate = z
  .string({ error: DATE_MESSAGE })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: DATE_MESSAGE })
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), {
    error: DATE_MESSAGE,
  });
