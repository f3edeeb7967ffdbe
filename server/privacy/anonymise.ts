/**
 * Anonymising a person (issue 22): in every registry table, the person's names, contacts and free
 * text are overwritten as the registry says; ids, counts, dates, stages and codes stay, so reports
 * still add up. One transaction: the scrub, the leads marked anonymised, mail not yet sent to the
 * person withdrawn, their open deletion requests closed, a timeline entry on each lead and the
 * audit entry (who, and how many rows per table; never a value). Running it again changes nothing
 * more: an anonymised person keeps the placeholder address they were given.
 */
import crypto from 'node:crypto';
import type { Database, Queryable } from '../db/database';
import { recordAudit, type AuditWho } from '../audit/audit-log';
import type { PersonalTable } from './personal-tables';
import { PERSONAL_TABLES, ident } from './registry';
import { lockPerson, personCondition, personOfLead, type Person } from './person';
import { forgetApplicant } from '../applications/forget-applicant';
import { recordLeadEvents } from '../timeline/lead-events';

export const REMOVED = '[removed]';
/** RFC 2606: `.invalid` never resolves, so no mail can reach it. */
export const ANONYMOUS_DOMAIN = 'anonymised.invalid';

export interface AnonymiseOptions {
  now: Date;
  who: AuditWho;
  /** Audit details beside the counts: why (`{ reason: 'retention', months: 24 }`). */
  why: Record<string, unknown>;
  /** Inside the person's lock: false skips them (the retention job re-checks its reasons). */
  stillWanted?(db: Queryable, person: Person): Promise<boolean>;
}

export interface AnonymiseResult {
  leadIds: string[];
  rows: Record<string, number>;
}

function scrubExpression(column: string, how: PersonalTable['scrub'][string], addressParam: string): string {
  const col = `t.${ident(column)}`;
  switch (how) {
    case 'text':
      return `CASE WHEN ${col} IS NULL OR ${col} = '' THEN ${col} ELSE '${REMOVED}' END`;
    case 'null':
      return 'NULL';
    case 'email':
      return addressParam;
    case 'row_email':
      // Already a placeholder (a second run): kept, so running it again changes nothing.
      return `CASE WHEN ${col} LIKE '%@${ANONYMOUS_DOMAIN}' THEN ${col} ELSE 'r' || t.id::text || '.' || ${addressParam} END`;
    case 'phone':
      return `CASE WHEN ${col} IS NULL THEN NULL ELSE '' END`;
    case 'json':
      return `privacy_scrub_json(${col})`;
  }
}

async function scrubTable(client: Queryable, entry: PersonalTable, person: Person, address: string): Promise<number> {
  const where = personCondition(entry, person, 1);
  const params: unknown[] = [where.value];
  const usesAddress = Object.values(entry.scrub).some((how) => how === 'email' || how === 'row_email');
  if (usesAddress) params.push(address);
  const set = Object.entries(entry.scrub).map(([column, how]) => `${ident(column)} = ${scrubExpression(column, how, '$2')}`);
  // A table listed for the export and merges that holds nothing to overwrite (sequence enrolments).
  if (set.length === 0) return 0;
  const result = await client.query(`UPDATE ${ident(entry.table)} AS t SET ${set.join(', ')} WHERE ${where.sql}`, params);
  return result.rowCount ?? 0;
}

/** Mail still queued for the person would go out blank to nowhere: it is withdrawn instead. */
async function withdrawQueuedMail(client: Queryable, person: Person): Promise<void> {
  await client.query(
    `UPDATE mail_queue SET next_attempt_at = 'infinity', last_error = 'withdrawn: the person was anonymised'
      WHERE sent_at IS NULL AND lower(to_address) = $1`,
    [person.email],
  );
}

/** The person of `leadId`, anonymised; null when there is no such lead (or `stillWanted` said no). */
export async function anonymisePerson(db: Database, leadId: string, options: AnonymiseOptions): Promise<AnonymiseResult | null> {
  return db.transaction(async (client) => {
    const first = await personOfLead(client, leadId);
    if (!first) return null;
    await lockPerson(client, first.email);
    // Read again under the lock: a lead may have arrived, or another run finished first.
    const person = await personOfLead(client, leadId);
    if (!person || (options.stillWanted && !(await options.stillWanted(client, person)))) return null;
    const address = person.anonymisedAt ? person.email : `anonymised-${crypto.randomBytes(8).toString('hex')}@${ANONYMOUS_DOMAIN}`;
    await withdrawQueuedMail(client, person);
    const documents = await forgetApplicant(client, person.email);
    const rows: Record<string, number> = {};
    for (const entry of PERSONAL_TABLES) rows[entry.table] = (rows[entry.table] ?? 0) + (await scrubTable(client, entry, person, address));
    await client.query('UPDATE leads SET anonymised_at = coalesce(anonymised_at, $2), version = version + 1 WHERE id = ANY($1)', [
      person.leadIds,
      options.now,
    ]);
    await client.query(
      `UPDATE privacy_requests SET closed_at = $2, closed_by = $3 WHERE lower(email) = $1 AND kind = 'deletion' AND closed_at IS NULL`,
      [address, options.now, options.who.actorId],
    );
    const total = Object.values(rows).reduce((sum, n) => sum + n, 0);
    await recordLeadEvents(
      client,
      person.leadIds.map((id) => ({ kind: 'anonymised', leadId: id, actorId: options.who.actorId, detail: { rows: total } })),
    );
    await recordAudit(client, {
      ...options.who,
      action: 'privacy.anonymised',
      details: { lead_ids: person.leadIds, rows, ...options.why },
    });
    return { leadIds: person.leadIds, rows: { ...rows, application_documents: (rows.application_documents ?? 0) + documents } };
  });
}
