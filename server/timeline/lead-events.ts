/**
 * The one writer of lead_events (issue 30): every timeline row of every area goes through here,
 * typed by its kind (lead-event-kinds.ts). Rows built in code go through recordLeadEvent(s); the
 * passes that write thousands of rows a second from set-based SQL (repeat inquiries, assignment)
 * and the statements that write a row beside their own in one round trip (a seat taken, a consent
 * act) build their INSERT with leadEventsInsertFrom, whose detail keys are checked against the
 * kind's detail at compile time. This file is the only one that names the table in an INSERT.
 */
import type { Queryable } from '../db/database';
import type { LeadEvent, LeadEventDetails, LeadEventKind } from './lead-event-kinds';

export type { LeadEvent, LeadEventDetails, LeadEventKind };

/** Any number of rows in one statement, in order; a row without `at` gets the transaction's start, as the column's default does. */
const INSERT_MANY_SQL = /* sql */ `
  INSERT INTO lead_events (lead_id, kind, actor_id, detail, created_at)
  SELECT e.lead_id, e.kind, e.actor_id, e.detail, coalesce(e.created_at, now())
    FROM unnest($1::char(24)[], $2::text[], $3::char(24)[], $4::jsonb[], $5::timestamptz[]) AS e(lead_id, kind, actor_id, detail, created_at)`;

export async function recordLeadEvents(q: Queryable, events: readonly LeadEvent[]): Promise<void> {
  if (events.length === 0) return;
  await q.query(INSERT_MANY_SQL, [
    events.map((e) => e.leadId),
    events.map((e) => e.kind),
    events.map((e) => e.actorId),
    events.map((e) => JSON.stringify(e.detail)),
    events.map((e) => e.at ?? null),
  ]);
}

export async function recordLeadEvent(q: Queryable, event: LeadEvent): Promise<void> {
  await recordLeadEvents(q, [event]);
}

/** A SQL expression whose value is one of the kinds K (a CASE over the written constants). */
export interface KindSql<K extends LeadEventKind> {
  readonly sql: string;
  readonly kinds: readonly K[];
}

const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** `CASE expression WHEN 'a' THEN kind … ELSE otherwise END`: a row whose kind depends on the row. */
export function kindCase<K extends LeadEventKind>(expression: string, when: Readonly<Record<string, K>>, otherwise: K): KindSql<K> {
  const arms = Object.entries(when).map(([value, kind]) => `WHEN ${literal(value)} THEN ${literal(kind)}`);
  return { sql: `CASE ${expression} ${arms.join(' ')} ELSE ${literal(otherwise)} END`, kinds: [...Object.values(when), otherwise] };
}

/** One SQL expression per key of the kind's detail (a required key must be given). */
export type DetailColumns<K extends LeadEventKind> = { [F in keyof LeadEventDetails[K]]: string };

export interface LeadEventsFrom<K extends LeadEventKind> {
  kind: K | KindSql<K>;
  /** SQL expressions of the row's columns. */
  leadId: string;
  /** Left out: no actor (a rule, the person, the system). */
  actorId?: string;
  detail: DetailColumns<K>;
  /** Left out: the column's default, the transaction's start. */
  createdAt?: string;
  /** The rest of the SELECT the rows come from: `FROM updated u WHERE u.parent IS NOT NULL`. */
  from: string;
}

/** `INSERT INTO lead_events … SELECT …`, for a CTE or a statement of its own; the detail is `jsonb_build_object` of `detail`. */
export function leadEventsInsertFrom<K extends LeadEventKind>(rows: LeadEventsFrom<K>): string {
  const kind = typeof rows.kind === 'string' ? literal(rows.kind) : rows.kind.sql;
  const detail = Object.entries<string | undefined>(rows.detail)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([key, expression]) => `${literal(key)}, ${expression}`);
  const columns = ['lead_id', 'kind', 'actor_id', 'detail'];
  const values = [rows.leadId, kind, rows.actorId ?? 'NULL', `jsonb_build_object(${detail.join(', ')})`];
  if (rows.createdAt !== undefined) {
    columns.push('created_at');
    values.push(rows.createdAt);
  }
  return `INSERT INTO lead_events (${columns.join(', ')})
    SELECT ${values.join(', ')}
      ${rows.from}`;
}
