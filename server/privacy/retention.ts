/**
 * The retention schedule (issue 22, PIPEDA principle 4.5.3): a person whose latest inquiry,
 * activity, note or e-mail is older than RETENTION_MONTHS is anonymised, unless they have an open
 * privacy request. A daily job; each person in a transaction of their own, re-checked under their
 * lock, so a retried or doubled run anonymises nobody twice and a crash loses nothing.
 */
import type { Database, Queryable } from '../db/database';
import { CONTACT_SOURCES, ident } from './registry';
import { anonymisePerson } from './anonymise';
import type { Person } from './person';

export interface RetentionOptions {
  now: Date;
  /** 0 turns the schedule off. */
  months: number;
  /** People looked up per query. */
  batch?: number;
  /** At most this many people a run; the next day's run goes on. */
  maxPeople?: number;
}

/** The newest contact time of lead `l`, from every source in the registry. */
function lastContactSql(): string {
  const parts = CONTACT_SOURCES.map((source) => {
    const times = source.timeColumns.map((column) => `s.${ident(column)}`).join(', ');
    return `(SELECT max(greatest(${times})) FROM ${ident(source.table)} s WHERE s.${ident(source.leadColumn)} = l.id)`;
  });
  return `greatest(${parts.join(', ')})`;
}

/**
 * People due for anonymisation: one lead id each (their oldest), quietest first. `$1` is the
 * cut-off time, `$2` the limit, `$3` (optional) one person's address.
 */
function dueSql(onePerson: boolean): string {
  // Only people with a lead older than the cut-off can be due (a lead's own time is one of its
  // contacts): once the backlog is done, that leaves a day's worth of leads to look at.
  const candidates = onePerson
    ? 'lower(l.email) = $3'
    : 'lower(l.email) IN (SELECT lower(o.email) FROM leads o WHERE o.anonymised_at IS NULL AND o.created_at < $1)';
  return `SELECT min(l.id::text) AS lead_id
      FROM leads l
     WHERE l.anonymised_at IS NULL AND ${candidates}
       AND NOT EXISTS (SELECT 1 FROM privacy_requests r WHERE lower(r.email) = lower(l.email) AND r.closed_at IS NULL)
     GROUP BY lower(l.email)
    HAVING max(${lastContactSql()}) < $1
     ORDER BY max(${lastContactSql()})
     LIMIT $2`;
}

export function retentionCutoff(now: Date, months: number): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}

export async function dueForRetention(db: Queryable, cutoff: Date, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ lead_id: string }>(dueSql(false), [cutoff, limit]);
  return rows.map((row) => row.lead_id);
}

async function stillDue(db: Queryable, person: Person, cutoff: Date): Promise<boolean> {
  const { rows } = await db.query(dueSql(true), [cutoff, 1, person.email]);
  return rows.length === 1;
}

/** Anonymises every person due (up to `maxPeople`); answers how many were. */
export async function runRetention(db: Database, options: RetentionOptions): Promise<number> {
  if (options.months <= 0) return 0;
  const cutoff = retentionCutoff(options.now, options.months);
  const batch = options.batch ?? 500;
  const maxPeople = options.maxPeople ?? 2000;
  let done = 0;
  let looked = 0;
  while (looked < maxPeople) {
    const leadIds = await dueForRetention(db.pool, cutoff, Math.min(batch, maxPeople - looked));
    if (leadIds.length === 0) break;
    looked += leadIds.length;
    for (const leadId of leadIds) {
      const result = await anonymisePerson(db, leadId, {
        now: options.now,
        who: { actorId: null, ip: null },
        why: { reason: 'retention', months: options.months },
        stillWanted: (client, person) => stillDue(client, person, cutoff),
      });
      if (result) done += 1;
    }
    if (leadIds.length < batch) break;
  }
  return done;
}
