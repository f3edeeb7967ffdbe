/** The audit page's filters (person, action, Toronto days from/to) and paging, validated with human messages. */
import { z } from 'zod';
import { AUDIT_ACTIONS, type AuditAction } from '../../src/audit-contract';
import { torontoInstant } from '../../src/college-time';
import { pageParam, wholeNumberParam } from '../http/query-number';
import { sqlConditions } from '../db/sql-conditions';

export const AUDIT_PAGE_SIZE_DEFAULT = 50;
export const AUDIT_PAGE_SIZE_MAX = 200;
export const DAY_MESSAGE = 'Please enter a date as YYYY-MM-DD.';
export const RANGE_MESSAGE = 'The end date must not be before the start date.';

const blank = (value: unknown) => (value === undefined || value === '' ? undefined : value);

const day = z.preprocess(
  blank,
  z
    .string({ error: DAY_MESSAGE })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: DAY_MESSAGE })
    .refine(
      (value) => {
        const [y, m, d] = value.split('-').map(Number) as [number, number, number];
        const date = new Date(Date.UTC(y, m - 1, d));
        return y >= 2000 && y <= 2100 && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
      },
      { error: DAY_MESSAGE },
    )
    .optional(),
);

export const auditQuerySchema = z
  .object({
    page: pageParam,
    page_size: wholeNumberParam(
      `The page size must be a whole number from 1 to ${AUDIT_PAGE_SIZE_MAX}.`,
      1,
      AUDIT_PAGE_SIZE_MAX,
      AUDIT_PAGE_SIZE_DEFAULT,
    ),
    person: z.preprocess(
      blank,
      z
        .string({ error: 'Please choose a person from the list.' })
        .regex(/^[0-9a-f]{24}$/, { error: 'Please choose a person from the list.' })
        .optional(),
    ),
    action: z.preprocess(
      blank,
      z
        .enum(AUDIT_ACTIONS.map((a): AuditAction => a.id) as [AuditAction, ...AuditAction[]], {
          error: 'Please choose an action from the list.',
        })
        .optional(),
    ),
    from: day,
    to: day,
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: RANGE_MESSAGE, path: ['to'] });

export type AuditQuery = z.output<typeof auditQuerySchema>;

const dayStart = (value: string, offsetDays = 0) => {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  return torontoInstant(y, m, d + offsetDays);
};

/** The WHERE clause of an audit query; values go in `params`, never into the SQL text. */
export function auditWhere(query: AuditQuery, params: unknown[]): string {
  const { conditions, add } = sqlConditions(params);
  if (query.person) add((p) => `a.actor_id = ${p}`, query.person);
  if (query.action) add((p) => `a.action = ${p}`, query.action);
  // Days are the college's (Toronto) days, both ends included.
  if (query.from) add((p) => `a.at >= ${p}`, dayStart(query.from));
  if (query.to) add((p) => `a.at < ${p}`, dayStart(query.to, 1));
  return conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
}
