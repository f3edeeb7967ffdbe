/** The staff Applications list's query string (issue 33): filters, sort and page, with human messages. */
import { z } from 'zod';
import { APPLICATION_STATUSES } from '../../src/application-contract';
import { pageParam } from '../http/query-number';
import { sqlConditions } from '../db/sql-conditions';

export const APPLICATION_PAGE_SIZE = 50;
export const APPLICATION_SORTS = ['updated', 'created', 'name', 'status'] as const;

const blankIsAbsent = (value: unknown) => (value === '' ? undefined : value);
const idFilter = (message: string) =>
  z.preprocess(
    blankIsAbsent,
    z
      .string({ error: message })
      .regex(/^[0-9a-f]{24}$/, { error: message })
      .optional(),
  );

export const applicationQuerySchema = z.object({
  page: pageParam,
  status: z.preprocess(
    blankIsAbsent,
    z
      .enum(
        APPLICATION_STATUSES.map((s) => s.id),
        { error: 'Please choose a status from the list.' },
      )
      .optional(),
  ),
  program: idFilter('Please choose a program from the list.'),
  intake: idFilter('Please choose an intake from the list.'),
  // 'me', 'none' (the lead has no owner) or a staff member's id.
  owner: z.preprocess(
    blankIsAbsent,
    z
      .string({ error: 'Please choose an owner from the list.' })
      .regex(/^(me|none|[0-9a-f]{24})$/, { error: 'Please choose an owner from the list.' })
      .optional(),
  ),
  sort: z.preprocess(
    blankIsAbsent,
    z.enum(APPLICATION_SORTS, { error: 'Please sort by updated, created, name or status.' }).default('updated'),
  ),
  dir: z.preprocess(blankIsAbsent, z.enum(['asc', 'desc'], { error: 'Please sort ascending (asc) or descending (desc).' }).default('desc')),
});
export type ApplicationQuery = z.output<typeof applicationQuerySchema>;

/**
 * The condition of a shown status on stored columns. The answer exists only once a decision was
 * released, so every other status is the stored one alone, which applications_status_idx serves.
 */
export function statusCondition(status: string, params: unknown[]): string {
  params.push(status);
  const p = `$${params.length}`;
  if (status === 'decision_released') return `a.status = ${p} AND a.answer IS NULL`;
  if (['accepted', 'declined', 'deferral_requested'].includes(status)) return `a.status = 'decision_released' AND a.answer = ${p}`;
  return `a.status = ${p}`;
}

/** Conditions of the filters other than status (the counts honour them too). */
export function filterConditions(query: ApplicationQuery, params: unknown[], meId: string): string[] {
  const { conditions, add } = sqlConditions(params);
  if (query.program) add((p) => `a.course_id = ${p}`, query.program);
  if (query.intake) add((p) => `a.intake_id = ${p}`, query.intake);
  if (query.owner === 'none') conditions.push('l.owner_id IS NULL');
  else if (query.owner) add((p) => `l.owner_id = ${p}`, query.owner === 'me' ? meId : query.owner);
  return conditions;
}

const STATUS_ORDER = `array_position(ARRAY[${APPLICATION_STATUSES.map((s) => `'${s.id}'`).join(', ')}]::text[], coalesce(a.answer, a.status))`;

/** ORDER BY of a sort; the id breaks ties, so pages never repeat or skip a row. */
export function orderBy(query: ApplicationQuery): string {
  const dir = query.dir === 'asc' ? 'ASC' : 'DESC';
  const key = {
    updated: `a.updated_at ${dir}`,
    created: `a.created_at ${dir}`,
    name: `lower(last_name) ${dir}, lower(first_name) ${dir}`,
    status: `${STATUS_ORDER} ${dir}, a.updated_at DESC`,
  }[query.sort];
  return `ORDER BY ${key}, a.id ${dir}`;
}
