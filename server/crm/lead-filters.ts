/** The staff leads inbox's query string and the stage change body, validated with human messages. */
import { z } from 'zod';
import { COURSE_TYPES, LEAD_SOURCES, LEAD_STAGES, LOCATIONS, type Lookup } from '../../src/lookups';
import { pageParam, wholeNumberParam } from '../http/query-number';
import { searchCondition } from './lead-search';
import { notContactedSql } from '../assignment/contact';

export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;
export const SEARCH_MAX = 100;

/** An optional id from a lookup list; '' means "any". */
function lookupFilter(list: readonly Lookup[], message: string) {
  return z.preprocess(
    (value) => (value === undefined || value === '' ? undefined : typeof value === 'string' ? Number(value) : value),
    z
      .literal(
        list.map((entry) => entry.id),
        { error: message },
      )
      .optional(),
  );
}

export const leadQuerySchema = z.object({
  page: pageParam,
  page_size: wholeNumberParam(`The page size must be a whole number from 1 to ${PAGE_SIZE_MAX}.`, 1, PAGE_SIZE_MAX, PAGE_SIZE_DEFAULT),
  stage: lookupFilter(LEAD_STAGES, 'Please choose a lead stage from the list.'),
  source: lookupFilter(LEAD_SOURCES, 'Please choose a source from the list (1, 3 or 4).'),
  course_type: lookupFilter(COURSE_TYPES, 'Please choose a course type from the list.'),
  location: lookupFilter(LOCATIONS, 'Please choose local (1) or international (2).'),
  // 'me', 'none' (unassigned) or a staff member's id.
  owner: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .regex(/^(me|none|[0-9a-f]{24})$/, { error: 'Please choose an owner from the list.' })
      .optional(),
  ),
  // 'overdue': speed to lead ran out and nobody has contacted the lead yet (issue 23).
  contact: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(['overdue'], { error: 'Please choose a contact filter from the list.' }).optional(),
  ),
  // A partner site (an origin such as https://partner.example), or 'none' for leads with no origin (issue 23).
  origin: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string({ error: 'Please choose a partner site from the list.' })
      .max(300, { error: 'Please choose a partner site from the list.' })
      .optional(),
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
  const conditions = leadFilterConditions(query, params, meId);
  if (query.q) conditions.push(searchCondition(query.q, params));
  return `WHERE ${conditions.join(' AND ')}`;
}

/** The conditions of every filter but the search (server/crm/lead-search-page.ts adds its own). */
export function leadFilterConditions(query: LeadQuery, params: unknown[], meId: string): string[] {
  // Repeat inquiries are shown on the lead they joined, merged leads on the one they became (issue 23).
  const conditions: string[] = ['l.parent_lead_id IS NULL', 'l.merged_into IS NULL'];
  const add = (sql: (placeholder: string) => string, value: unknown) => {
    params.push(value);
    conditions.push(sql(`$${params.length}`));
  };
  if (query.stage !== undefined) add((p) => `l.stage = ${p}`, query.stage);
  if (query.source !== undefined) add((p) => `l.source = ${p}`, query.source);
  if (query.course_type !== undefined) add((p) => `l.course_type = ${p}`, query.course_type);
  if (query.location !== undefined) add((p) => `l.location = ${p}`, query.location);
  if (query.origin === 'none') conditions.push('l.origin IS NULL');
  else if (query.origin !== undefined) add((p) => `l.origin = ${p}`, query.origin);
  if (query.owner === 'none') conditions.push('l.owner_id IS NULL');
  else if (query.owner !== undefined) add((p) => `l.owner_id = ${p}`, query.owner === 'me' ? meId : query.owner);
  if (query.contact === 'overdue') conditions.push(notContactedSql('l'));
  return conditions;
}
