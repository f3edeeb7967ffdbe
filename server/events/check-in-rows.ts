/**
 * An event's registrations as the check-in screen reads them (issue 24): people with a seat first
 * (by last name, then first name), then the waitlist in its order, then cancellations. `q` keeps
 * those whose name ("first last" or "last first"), e-mail or phone holds the fragment, any case;
 * a phone-like fragment also matches the phone's digits, so "416 555" finds "+14165550123".
 * Waitlist positions are counted over the whole waitlist, before the search narrows it.
 */
import type { Queryable } from '../db/database';
import type { CrmRegistration } from '../../src/events-contract';

interface Row {
  id: string;
  lead_id: string | null;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  status: CrmRegistration['status'];
  position: number | null;
  walk_in: boolean;
  registered_at: Date;
  checked_in_at: Date | null;
}

const ROWS = /* sql */ `
  SELECT r.id::text AS id, trim(r.lead_id) AS lead_id, r.first_name, r.last_name, r.email, r.phone, r.status,
         CASE WHEN r.status = 'waitlisted'
              THEN (row_number() OVER (PARTITION BY r.status ORDER BY r.queued_at, r.id))::int END AS position,
         r.walk_in, r.registered_at, r.checked_in_at,
         CASE r.status WHEN 'registered' THEN 0 WHEN 'waitlisted' THEN 1 ELSE 2 END AS status_order
    FROM event_registrations r WHERE r.event_id = $1`;

const ORDER = 'status_order, CASE WHEN status = $$waitlisted$$ THEN position END, lower(last_name), lower(first_name), id';

function toRegistration(row: Row): CrmRegistration {
  return {
    id: row.id,
    lead_id: row.lead_id ?? '',
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    phone: row.phone,
    status: row.status,
    position: row.position ?? null,
    walk_in: row.walk_in,
    registered_at: new Date(row.registered_at).toISOString(),
    checked_in_at: row.checked_in_at ? new Date(row.checked_in_at).toISOString() : null,
  };
}

/** The search condition on `x` (the rows above) for `q`; its values are pushed to `params`. */
function matches(q: string, params: unknown[]): string {
  params.push(`%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const p = `$${params.length}`;
  const conditions = [
    `(x.first_name || ' ' || x.last_name) ILIKE ${p}`,
    `(x.last_name || ' ' || x.first_name) ILIKE ${p}`,
    `x.email ILIKE ${p}`,
    `x.phone ILIKE ${p}`,
  ];
  const digits = q.replace(/\D/g, '');
  if (digits.length >= 3 && /^[\d\s()+.-]+$/.test(q)) {
    params.push(`%${digits}%`);
    conditions.push(`regexp_replace(x.phone, '[^0-9]', '', 'g') LIKE $${params.length}`);
  }
  return `(${conditions.join(' OR ')})`;
}

export async function eventRegistrations(db: Queryable, eventId: string, q = ''): Promise<CrmRegistration[]> {
  const params: unknown[] = [eventId];
  const fragment = q.trim();
  const where = fragment ? `WHERE ${matches(fragment, params)}` : '';
  const { rows } = await db.query<Row>(`SELECT * FROM (${ROWS}) x ${where} ORDER BY ${ORDER}`, params);
  return rows.map(toRegistration);
}

/** One registration of the event, as listed; null when the event has no such registration. */
export async function eventRegistration(db: Queryable, eventId: string, registrationId: string): Promise<CrmRegistration | null> {
  if (!/^[1-9]\d{0,17}$/.test(registrationId)) return null;
  const { rows } = await db.query<Row>(`SELECT * FROM (${ROWS}) x WHERE x.id = $2`, [eventId, registrationId]);
  return rows[0] ? toRegistration(rows[0]) : null;
}
