/** Reading registrations: the waitlist position, and a registration with its answer's facts. */
import type { Queryable } from '../db/database';
import type { RegistrationStatus } from '../../src/events-contract';

export interface RegistrationRow {
  id: string;
  event_id: string;
  lead_id: string | null;
  first_name: string;
  email: string;
  status: RegistrationStatus;
  /** The mailbox (server/leads/confirmation-limit.ts recipientKey). */
  email_key: string;
  /** Set while the place waits for the address's confirmation (seat-holds.ts). */
  confirm_by: Date | null;
}

export const REGISTRATION_COLUMNS = `r.id::text AS id, r.event_id::text AS event_id, trim(r.lead_id) AS lead_id, r.first_name, r.email, r.status,
  r.email_key, r.confirm_by`;

/** 1-based place on the waitlist, or null when the registration is not waitlisted. */
export async function waitlistPosition(tx: Queryable, registrationId: string): Promise<number | null> {
  const { rows } = await tx.query<{ position: number | null }>(
    `SELECT CASE WHEN r.status = 'waitlisted' THEN (
              SELECT count(*)::int FROM event_registrations o
               WHERE o.event_id = r.event_id AND o.status = 'waitlisted' AND (o.queued_at, o.id) <= (r.queued_at, r.id))
            END AS position
       FROM event_registrations r WHERE r.id = $1`,
    [registrationId],
  );
  return rows[0]?.position ?? null;
}

export async function registrationById(tx: Queryable, id: string): Promise<RegistrationRow | null> {
  const { rows } = await tx.query<RegistrationRow>(`SELECT ${REGISTRATION_COLUMNS} FROM event_registrations r WHERE r.id = $1`, [id]);
  return rows[0] ?? null;
}
