/**
 * The zod pieces the answer schemas of src/*-schemas.ts build on (server-only values: browser code
 * imports only the types inferred from those schemas). server/openapi/answer-schema.ts re-exports them.
 */
import { z } from 'zod';
import type { Lookup } from './lookups';

/** One of a lookup list's ids (src/lookups.ts), e.g. a course type. */
export function lookupId<L extends readonly Lookup[]>(list: L): z.ZodLiteral<L[number]['id']> {
  return z.literal(list.map((entry): L[number]['id'] => entry.id));
}

/** A 24-hex id, as every record of the API has. */
export const idSchema = z.string().regex(/^[0-9a-f]{24}$/);
/** ISO date-time text. */
export const instantSchema = z.string();
/** YYYY-MM-DD */
export const daySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** A staff member named on a record (who changed it, whose it is): the StaffRef of src/crm-contract.ts. */
export const staffRefSchema = z.object({ _id: idSchema, name: z.string() });
/**
 * StaffRef's shape written out in place rather than as a reference to the StaffRef component, as
 * applications' and enrolment's answers have always been described (who recorded, saved, decided).
 */
export const staffRefInlineSchema = z.object(staffRefSchema.shape);
