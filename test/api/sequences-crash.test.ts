/**
 * A crash in the middle of a burst of due steps: a worker process (the engine, as a server runs
 * it) is killed with SIGKILL while it works through 150 due e-mail steps; a second process
 * finishes them. Each step happened exactly once: one run row, one lead_emails row and one queued
 * mail per lead. PostgreSQL only (two processes on one database; PGlite is one process's own).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { countRows, insertLead, insertTemplate } from '../support/sequences';

const describeOnPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;
const BURST = 150;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function startWorker(db: TestDatabase): ChildProcess {
  const child = spawn(
    process.execPath,
    ['--import', path.resolve('test/support/ts-loader.mjs'), path.resolve('test/support/sequence-worker-child.ts')],
    {
      env: {
        PATH: process.env.PATH,
        CHILD_DATABASE_URL: db.url ?? '',
        CHILD_SCHEMA: db.schema ?? '',
        // Tuesday 12 January 2027, 10:00 in Toronto: e-mail steps may run.
        SEQUENCE_NOW: '2027-01-12T15:00:00Z',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  return child;
}

describeOnPostgres('a worker killed in the middle of a burst of due steps (postgres)', () => {
  let db: TestDatabase;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    db = await createTestDatabase('postgres');
  }, 120_000);
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await db?.close();
  });

  test('each step happens once', async () => {
    const template = await insertTemplate(db.pool, 'Welcome');
    const { rows } = await db.pool.query<{ id: string }>(`INSERT INTO sequences (name) VALUES ('Burst') RETURNING id::text AS id`);
    const sequenceId = rows[0]!.id;
    const { rows: steps } = await db.pool.query<{ id: string }>(
      `INSERT INTO sequence_steps (sequence_id, position, kind, template_id) VALUES ($1, 1, 'email', $2) RETURNING id::text AS id`,
      [sequenceId, template],
    );
    const now = new Date();
    const leads: string[] = [];
    for (let i = 0; i < BURST; i += 1) leads.push(await insertLead(db.pool, { createdAt: now, courseType: 2 }));
    // Enrolled and due now; their jobs are sent by the workers' sweep at start.
    await db.pool.query(
      `INSERT INTO sequence_enrolments (sequence_id, lead_id, next_step_id, next_due_at, enrolled_at)
       SELECT $1, unnest($2::char(24)[]), $3, $4, $4`,
      [sequenceId, leads, steps[0]!.id, new Date(now.getTime() - 60_000)],
    );
    await db.pool.query('UPDATE leads SET sequence_pending = false WHERE id = ANY($1::char(24)[])', [leads]);
    const runs = () =>
      countRows(
        db.pool,
        'SELECT 1 FROM sequence_step_runs r JOIN sequence_enrolments e ON e.id = r.enrolment_id WHERE e.sequence_id = $1',
        [sequenceId],
      );

    const first = startWorker(db);
    children.push(first);
    const deadline = Date.now() + 30_000;
    while ((await runs()) < 20 && Date.now() < deadline) await sleep(10);
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    const atKill = await runs();
    expect(atKill).toBeGreaterThan(0);
    expect(atKill).toBeLessThan(BURST);

    const second = startWorker(db);
    children.push(second);
    const end = Date.now() + 40_000;
    while ((await runs()) < BURST && Date.now() < end) await sleep(100);
    expect(await runs()).toBe(BURST);
    await sleep(500); // anything still running would show as a second mail
    second.kill('SIGKILL');

    const perLead = await db.pool.query<{ mails: number; queued: number }>(
      `SELECT (SELECT count(*)::int FROM lead_emails m WHERE m.lead_id = l.id) AS mails,
              (SELECT count(*)::int FROM mail_queue q WHERE q.to_address = l.email) AS queued
         FROM leads l WHERE l.id = ANY($1::char(24)[])`,
      [leads],
    );
    expect(perLead.rows.filter((row) => row.mails !== 1 || row.queued !== 1)).toEqual([]);
    expect(await countRows(db.pool, `SELECT 1 FROM sequence_enrolments WHERE sequence_id = $1 AND state = 'completed'`, [sequenceId])).toBe(
      BURST,
    );
  }, 90_000);
});
