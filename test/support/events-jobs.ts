/**
 * Fixtures for the events' background passes and check-in tests: an event inserted as the editor
 * stores one (any start, past or future, for a controlled clock), people registered through the
 * real core (registerForEvent: lead joined or created, timeline, mail), mails counted by subject.
 */
import crypto from 'node:crypto';
import type { Database, Queryable } from '../../server/db/database';
import { openDatabase } from '../../server/db/database';
import type { TestServer } from './server';
import type { TestDatabase } from './database';
import { registerForEvent } from '../../server/events/register';
import { confirmAddress } from '../../server/consent/confirmed-addresses';
import { subjectOf, type EventMailKind } from '../../server/events/event-mail-text';
import type { EventJobsDeps } from '../../server/events/event-jobs';

export const HOUR = 3_600_000;
export const MINUTE = 60_000;
export const quietJobLog = { debug: () => undefined, warn: () => undefined };

export interface TestEvent {
  id: string;
  title: string;
  startsAt: Date;
  endsAt: Date;
}

export async function insertEvent(db: Queryable, startsAt: Date, options: { capacity?: number; hours?: number } = {}): Promise<TestEvent> {
  const title = `Information session ${crypto.randomBytes(3).toString('hex')}`;
  const endsAt = new Date(startsAt.getTime() + (options.hours ?? 2) * HOUR);
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO events (slug, title, kind, starts_at, ends_at, place_kind, room, capacity, description)
     VALUES ($1, $2, 'info_session', $3, $4, 'campus', 'Room 204', $5, 'Meet the faculty.') RETURNING id::text AS id`,
    [title.toLowerCase().replace(/\s+/g, '-'), title, startsAt, endsAt, options.capacity ?? 100],
  );
  return { id: rows[0]!.id, title, startsAt, endsAt };
}

export interface Registered {
  registrationId: string;
  leadId: string;
  email: string;
  status: string;
}

export interface PersonOptions {
  lastName?: string;
  phone?: string;
  email?: string;
  /** Whether the address has completed a link of ours before (default true: the person most tests mean). */
  confirmed?: boolean;
}

/** Registers a person (a fresh e-mail unless given) at `now` through the real core. */
export async function registerPerson(
  server: TestServer,
  event: TestEvent,
  now: Date,
  name = 'Amelia',
  options: PersonOptions = {},
): Promise<Registered> {
  const email = options.email ?? `${name.toLowerCase()}.${crypto.randomBytes(4).toString('hex')}@example.com`;
  const phone = options.phone ?? '+14165550123';
  const person = { first_name: name, last_name: options.lastName ?? 'Okafor', email, phone, course_id: null, consent: false };
  if (options.confirmed !== false) await confirmAddress(server.db.pool, email);
  const result = await registerForEvent(server.ctx, event.id, person, { now });
  return { registrationId: result.registrationId, leadId: result.leadId ?? '', email, status: result.status };
}

/** Queued mails of `kind` for this event to `email`. */
export async function mailsOf(db: Queryable, event: TestEvent, kind: EventMailKind, email: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM mail_queue WHERE lower(to_address) = lower($1) AND subject = $2`,
    [email, subjectOf(kind, event.title)],
  );
  return rows[0]?.n ?? 0;
}

/** A second connection to the test's database, as another instance has (PGlite: the same one). */
export async function secondInstance(db: TestDatabase): Promise<Database> {
  if (db.kind !== 'postgres' || !db.url) return db;
  return openDatabase({ databaseUrl: db.url, schema: db.schema ?? undefined, onError: () => undefined });
}

/** The events pass's dependencies on the test server, at a clock the test sets. */
export function passDeps(server: TestServer, db: Database, at: () => Date): EventJobsDeps {
  return { db, jobs: server.ctx.jobs, mail: server.ctx, now: at, log: quietJobLog };
}
