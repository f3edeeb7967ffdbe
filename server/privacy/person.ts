/**
 * "The person" behind a lead: every lead with the same e-mail address, case ignored (issue 22).
 * Rows of a registry table belong to the person through one of those leads or through that address.
 */
import type { Queryable } from '../db/database';
import type { PersonalTable } from './personal-tables';
import { ident } from './registry';

export interface Person {
  /** The address in lower case, as rows are matched. */
  email: string;
  /** Oldest lead first; the lead named by the call is one of them. */
  leadIds: string[];
  anonymisedAt: Date | null;
}

export const LEAD_ID = /^[0-9a-f]{24}$/;

/** The person of a lead, or null when there is no such lead. */
export async function personOfLead(db: Queryable, leadId: string): Promise<Person | null> {
  if (!LEAD_ID.test(leadId)) return null;
  const { rows } = await db.query<{ email: string; ids: string[]; anonymised_at: Date | null }>(
    `SELECT lower(p.email) AS email, array_agg(p.id::text ORDER BY p.created_at, p.id) AS ids, max(p.anonymised_at) AS anonymised_at
       FROM leads l JOIN leads p ON lower(p.email) = lower(l.email)
      WHERE l.id = $1
      GROUP BY lower(p.email)`,
    [leadId],
  );
  const row = rows[0];
  return row ? { email: row.email, leadIds: row.ids, anonymisedAt: row.anonymised_at } : null;
}

/**
 * One change to a person at a time (anonymisation, the retention job, a request being opened):
 * a transaction-scoped lock on the address, so retention cannot slip past a request opened meanwhile.
 */
export async function lockPerson(db: Queryable, email: string): Promise<void> {
  await db.query("SELECT pg_advisory_xact_lock(hashtext('privacy-person:' || $1))", [email]);
}

/** `WHERE` text matching the person's rows of `entry` in alias `t`, and its one parameter ($n). */
export function personCondition(entry: PersonalTable, person: Person, n: number): { sql: string; value: string[] } {
  if ('leadColumn' in entry.link) return { sql: `t.${ident(entry.link.leadColumn)} = ANY($${n})`, value: person.leadIds };
  if ('emailColumn' in entry.link) return { sql: `lower(t.${ident(entry.link.emailColumn)}) = ANY($${n})`, value: [person.email] };
  return {
    sql: `t.${ident(entry.link.applicationColumn)} IN (SELECT a.id FROM applications a WHERE lower(a.email) = ANY($${n}))`,
    value: [person.email],
  };
}
