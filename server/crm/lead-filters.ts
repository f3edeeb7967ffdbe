/** The staff leads inbox's query string and the stage change body, validated with human messages. */
import { z } from 'zod';
import { COURSE_TYPES, LEAD_SOURCES, LEAD_STAGES, LOCATIONS, type Lookup } from '../../src/lookups';

export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;
export const SEARCH_MAX = 100;

/** An optional id from a lookup list; '' means "any". */
function lookupFilter(list: readonly Lookup[], message: string) {
  return z.preprocess(
    (value) => (value === undefined || value === '' ? undefined : typeof value === 'string' ? Number(value) : value),
    z.literal(list.map((entry) => entry.id), { error: message }).optional(),
  );
}

function wholeNumber(message: string, min: number, max: number, fallback: number) {
  return z.preprocess(
    (value) => (value === undefined || value === '' ? fallback : typeof value === 'string' ? Number(value) : value),
    z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message }),
  );
}

export const leadQuerySchema = z.object({
  page: wholeNumber('The page must be a whole number from 1.', 1, 1_000_000, 1),
  page_size: wholeNumber(`The page size must be a whole number from 1 to ${PAGE_SIZE_MAX}.`, 1, PAGE_SIZE_MAX, PAGE_SIZE_DEFAULT),
  stage: lookupFilter(LEAD_STAGES, 'Please choose a lead stage from the list.'),
  source: lookupFilter(LEAD_SOURCES, 'Please choose a source from the list (1, 3 or 4).'),
  course_type: lookupFilter(COURSE_TYPES, 'Please choose a course type from the list.'),
  location: lookupFilter(LOCATIONS, 'Please choose local (1) or international (2).'),
  // 'me', 'none' (unassigned) or a staff member's id.
  owner: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.string().regex(/^(me|none|[0-9a-f]{24})$/, { error: 'Please choose an owner from the list.' }).optional(),
  ),
  q: z
    .string({ error: 'The search must be text.' })
    .trim()
    .max(SEARCH_MAX, { error: `The search is too long (at most ${SEARCH_MAX} characters).` })
    .optional(),
});

export type LeadQuery = z.output<typeof leadQuerySchema>;

export const STAGE_MESSAGE = 'Please choose a lead stage from the list.';

/** Builds the WHERE clause of a leads query; values go in `params`, never into the SQL text. */
/** `meId`: the signed-in staff member, for owner=me. */
export function leadWhere(query: LeadQuery, params: unknown[], meId: string): string {
  const conditions: string[] = [];
  const add = (sql: (placeholder: string) => string, value: unknown) => {
    params.push(value);
    conditions.push(sql(`$${params.length}`));
  };
  if (query.stage !== undefined) add((p) => `l.stage = ${p}`, query.stage);
  if (query.source !== undefined) add((p) => `l.source = ${p}`, query.source);
  if (query.course_type !== undefined) add((p) => `l.course_type = ${p}`, query.course_type);
  if (query.location !== undefined) add((p) => `l.location = ${p}`, query.location);
  if (query.owner === 'none') conditions.push('l.owner_id IS NULL');
  else if (query.owner !== undefined) add((p) => `l.owner_id = ${p}`, query.owner === 'me' ? meId : query.owner);
  if (query.q) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const digits = query.q.replace(/\D/g, '');
    // Phone numbers are found by their digits too, so "416 555" finds "+14165550123".
    const phoneByDigits = digits.length >= 3 && /^[\d\s()+.-]+$/.test(query.q);
    params.push(pattern);
    const p = `$${params.length}`;
    const parts = [
      `(l.first_name || ' ' || l.last_name) ILIKE ${p}`,
      `(l.last_name || ' ' || l.first_name) ILIKE ${p}`,
      `l.email ILIKE ${p}`,
      `l.phone ILIKE ${p}`,
    ];
    if (phoneByDigits) {
      params.push(`%${digits}%`);
      parts.push(`regexp_replace(l.phone, '[^0-9]', '', 'g') LIKE $${params.length}`);
    }
    conditions.push(`(${parts.join(' OR ')})`);
  }
  return conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
}
