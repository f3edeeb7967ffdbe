/**
 * Fixtures for the sequence tests: a staff owner, an e-mail template, leads inserted as the
 * request stores them (pending for the enrolment pass), and the engine's dependencies on a job
 * queue driven by pg-boss's TestClock.
 */
import crypto from 'node:crypto';
import type { TestClock } from 'pg-boss';
import type { Database, Queryable } from '../../server/db/database';
import { loadConfig } from '../../server/config';
import { createJobQueue, type JobQueue } from '../../server/jobs/job-queue';
import { createMailer } from '../../server/mail/create-mailer';
import type { Catalogue } from '../../server/catalogue/catalogue';
import { newId } from '../../server/auth/tokens';
import type { SequenceDeps } from '../../server/sequences/engine-deps';

export const quietLog = { debug: () => undefined, warn: () => undefined, info: () => undefined };

export async function insertStaff(db: Queryable, name = 'Olivia Owner'): Promise<string> {
  const id = newId();
  await db.query(`INSERT INTO users (id, name, email, password_hash, role) VALUES ($1, $2, $3, 'x', 'counsellor')`, [
    id,
    name,
    `${id}@staff.example`,
  ]);
  return id;
}

export async function insertTemplate(db: Queryable, name: string, kind: 'commercial' | 'transactional' = 'commercial'): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO email_templates (name, kind, subject, body) VALUES ($1, $2, $3, 'Hello from Northbridge.') RETURNING id::text AS id`,
    [name, kind, `${name} subject`],
  );
  return String(rows[0]?.id);
}

export interface LeadOptions {
  createdAt: Date;
  ownerId?: string | null;
  courseType?: number;
  location?: number;
  source?: number;
  email?: string;
}

export async function insertLead(db: Queryable, options: LeadOptions): Promise<string> {
  const id = newId();
  await db.query(
    // Already through the repeat-inquiry check (server/repeat/), as a lead is by the time it is enrolled.
    `INSERT INTO leads (id, first_name, last_name, email, phone, source, course_type, location, owner_id, created_at, updated_at, repeat_pending)
     VALUES ($1, 'Amelia', 'Okafor', $2, '+14165550123', $3, $4, $5, $6, $7, $7, false)`,
    [
      id,
      options.email ?? `${id}@lead.example`,
      options.source ?? 1,
      options.courseType ?? 1,
      options.location ?? 1,
      options.ownerId ?? null,
      options.createdAt,
    ],
  );
  return id;
}

const ENGINE_SECRETS_KEY = crypto.randomBytes(32).toString('base64');

/** The engine on its own queue (not started: the caller decides whether it works). */
export function engineDeps(db: Database, clock: TestClock, dataDir: string): SequenceDeps {
  // The file's engines share one key, given here, so none is written beside the temporary folder.
  const config = loadConfig({ DATA_DIR: dataDir, SECRETS_KEY: ENGINE_SECRETS_KEY });
  const jobs: JobQueue = createJobQueue(db, { log: quietLog, clock });
  // Not started: mails stay in the queue, where the tests count them.
  const mailer = createMailer(config, db, quietLog, { jobs });
  return { db, jobs, mailer, config, catalogue: {} as Catalogue, now: () => new Date(clock.now()), log: quietLog };
}

export async function countRows(db: Queryable, sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${sql}) x`, params);
  return rows[0]?.n ?? 0;
}
