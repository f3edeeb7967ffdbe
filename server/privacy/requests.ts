/**
 * Privacy requests (PIPEDA): a person's access request, consent withdrawal or deletion request,
 * opened from one of their leads, due 30 days later, closed by staff (or, for deletion, by the
 * anonymisation that answers it). An open request keeps the retention job away from the person.
 * Opening and closing are in the audit log and on the timeline of the lead it was opened from.
 */
import type { Database, Queryable } from '../db/database';
import type { StaffRef } from '../../src/crm-contract';
import { PRIVACY_REQUEST_DAYS, type PrivacyPanel, type PrivacyRequest, type PrivacyRequestKind } from '../../src/privacy-contract';
import { recordAudit, type AuditWho } from '../audit/audit-log';
import { Conflict } from '../domain-errors';
import { lockPerson, personOfLead, type Person } from './person';
import { recordLeadEvent } from '../timeline/lead-events';

export const REQUEST_CLOSED_MESSAGE = 'This request is already closed.';

interface RequestRow {
  id: string;
  kind: PrivacyRequestKind;
  lead_id: string | null;
  opened_at: Date;
  due_at: Date;
  closed_at: Date | null;
  opened_by: string | null;
  opened_name: string | null;
  closed_by: string | null;
  closed_name: string | null;
}

const SELECT = `SELECT r.id::text AS id, r.kind, r.lead_id, r.opened_at, r.due_at, r.closed_at,
       r.opened_by, o.name AS opened_name, r.closed_by, c.name AS closed_name
  FROM privacy_requests r LEFT JOIN users o ON o.id = r.opened_by LEFT JOIN users c ON c.id = r.closed_by`;

const ref = (id: string | null, name: string | null): StaffRef | null => (id ? { _id: id.trim(), name: name ?? '' } : null);

function toRequest(row: RequestRow): PrivacyRequest {
  return {
    _id: row.id,
    kind: row.kind,
    opened_at: new Date(row.opened_at).toISOString(),
    due_at: new Date(row.due_at).toISOString(),
    opened_by: ref(row.opened_by, row.opened_name),
    closed_at: row.closed_at ? new Date(row.closed_at).toISOString() : null,
    closed_by: ref(row.closed_by, row.closed_name),
  };
}

export async function privacyPanel(db: Queryable, person: Person, leadEmail: string): Promise<PrivacyPanel> {
  const { rows } = await db.query<RequestRow>(`${SELECT} WHERE lower(r.email) = $1 ORDER BY r.opened_at DESC, r.id DESC`, [person.email]);
  return {
    email: leadEmail,
    leads: person.leadIds.length,
    anonymised_at: person.anonymisedAt ? new Date(person.anonymisedAt).toISOString() : null,
    requests: rows.map(toRequest),
  };
}

async function requestById(db: Queryable, id: string): Promise<RequestRow | null> {
  const { rows } = await db.query<RequestRow>(`${SELECT} WHERE r.id = $1`, [id]);
  return rows[0] ?? null;
}

/** Opens a request for the person of `leadId`; null when there is no such lead. */
export async function openRequest(db: Database, leadId: string, kind: PrivacyRequestKind, who: AuditWho): Promise<PrivacyRequest | null> {
  return db.transaction(async (client) => {
    const person = await personOfLead(client, leadId);
    if (!person) return null;
    await lockPerson(client, person.email);
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO privacy_requests (kind, email, lead_id, due_at, opened_by)
       VALUES ($1, $2, $3, now() + make_interval(days => $4), $5) RETURNING id::text AS id`,
      [kind, person.email, leadId, PRIVACY_REQUEST_DAYS, who.actorId],
    );
    const id = rows[0]?.id ?? '';
    await recordLeadEvent(client, {
      kind: 'privacy_opened',
      leadId,
      actorId: who.actorId,
      detail: { request_id: Number(id), request: kind },
    });
    await recordAudit(client, { ...who, action: 'privacy.request_opened', details: { request_id: id, kind, lead_id: leadId } });
    const row = await requestById(client, id);
    return row ? toRequest(row) : null;
  });
}

/** Closes an open request; null when there is none with this id, Conflict when already closed. */
export async function closeRequest(db: Database, id: string, who: AuditWho): Promise<PrivacyRequest | null> {
  if (!/^[1-9][0-9]{0,17}$/.test(id)) return null;
  return db.transaction(async (client) => {
    const { rows } = await client.query<{ kind: PrivacyRequestKind; lead_id: string | null }>(
      `UPDATE privacy_requests SET closed_at = now(), closed_by = $2 WHERE id = $1 AND closed_at IS NULL RETURNING kind, lead_id`,
      [id, who.actorId],
    );
    const closed = rows[0];
    if (!closed) {
      if (await requestById(client, id)) throw new Conflict(REQUEST_CLOSED_MESSAGE);
      return null;
    }
    if (closed.lead_id) {
      await recordLeadEvent(client, {
        kind: 'privacy_closed',
        leadId: closed.lead_id,
        actorId: who.actorId,
        detail: { request_id: Number(id), request: closed.kind },
      });
    }
    await recordAudit(client, { ...who, action: 'privacy.request_closed', details: { request_id: id, kind: closed.kind } });
    const row = await requestById(client, id);
    return row ? toRequest(row) : null;
  });
}
