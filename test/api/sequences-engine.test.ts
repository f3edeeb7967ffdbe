/**
 * Sequences on the job queue (server/sequences/), on both databases, under pg-boss's TestClock:
 * a three-step sequence (e-mail, wait 2 business days, task) runs in order, its e-mail only in
 * business hours (a lead enrolled on Friday at 18:00 Toronto gets it on Monday at 9:00), and a
 * step due at T runs by T + 60 s, once, with one instance and with two on one database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TestClock } from 'pg-boss';
import { openDatabase, type Database } from '../../server/db/database';
import { createSequence } from '../../server/sequences/sequence-store';
import { workSequences } from '../../server/sequences/engine';
import { sweep } from '../../server/sequences/sweep';
import type { SequenceDeps } from '../../server/sequences/engine-deps';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../support/database';
import { countRows, engineDeps, insertLead, insertStaff, insertTemplate } from '../support/sequences';

const START_TIMEOUT_MS = 120_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Advances the clock a second at a time until `check` holds; resolves with the clock's time then. */
async function tickUntil(clock: TestClock, check: () => Promise<boolean>, limitSeconds: number): Promise<number> {
  for (let second = 0; second < limitSeconds; second += 1) {
    if (await check()) return clock.now();
    await clock.tick(1000);
    await sleep(5);
  }
  throw new Error(`not done within ${limitSeconds} s of test time`);
}

describe.each(testDatabaseKinds())('sequences on the job queue (%s)', (kind) => {
  let db: TestDatabase;
  let other: Database;
  let dataDir: string;
  let owner: string;
  let template: string;
  const engines: SequenceDeps[] = [];

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    other =
      kind === 'postgres' ? await openDatabase({ databaseUrl: db.url, schema: db.schema ?? undefined, onError: () => undefined }) : db;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'college-sequences-'));
    owner = await insertStaff(db.pool);
    template = await insertTemplate(db.pool, 'Welcome');
  }, START_TIMEOUT_MS);
  afterEach(async () => {
    for (const engine of engines.splice(0)) await engine.jobs.stop();
  });
  afterAll(async () => {
    if (other !== db) await other?.close();
    await db?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function engine(clock: TestClock, on: Database = db): Promise<SequenceDeps> {
    const deps = engineDeps(on, clock, dataDir);
    engines.push(deps);
    await deps.jobs.start();
    await workSequences(deps);
    return deps;
  }

  test('e-mail, a wait of two business days, a task: in order, the e-mail in business hours', async () => {
    // Friday 4 December 2026, 18:00 in Toronto (EST, UTC-5).
    const friday = new Date('2026-12-04T23:00:00Z');
    const clock = new TestClock(friday);
    const deps = await engine(clock);
    await createSequence(
      db,
      {
        name: 'Full-time follow-up',
        paused: false,
        exit_stages: [5],
        rules: [{ course_type: 1, location: 1 }],
        steps: [
          { kind: 'email', template_id: template },
          { kind: 'wait', days: 2 },
          { kind: 'task', task_type: 1, subject: 'Call about the intake' },
        ],
      },
      owner,
      friday,
    );
    const lead = await insertLead(db.pool, { createdAt: friday, ownerId: owner, courseType: 1, location: 1 });
    const notMatching = await insertLead(db.pool, { createdAt: friday, ownerId: owner, courseType: 2, location: 1 });
    // The sweep that runs at start may have enrolled it already; either way it is enrolled once.
    await sweep(deps);
    expect(await countRows(db.pool, `SELECT 1 FROM sequence_enrolments WHERE lead_id = $1`, [lead])).toBe(1);
    expect(await countRows(db.pool, `SELECT 1 FROM sequence_enrolments WHERE lead_id = $1`, [notMatching])).toBe(0);

    // The e-mail step is due at once, but outside business hours: it waits for Monday 9:00.
    const mails = () => countRows(db.pool, `SELECT 1 FROM lead_emails WHERE lead_id = $1`, [lead]);
    await tickUntil(
      clock,
      async () =>
        (await countRows(db.pool, `SELECT 1 FROM sequence_enrolments WHERE lead_id = $1 AND next_due_at > $2`, [lead, friday])) === 1,
      30,
    );
    const { rows } = await db.pool.query<{ due: Date }>('SELECT next_due_at AS due FROM sequence_enrolments WHERE lead_id = $1', [lead]);
    const monday = new Date('2026-12-07T14:00:00Z');
    expect(new Date(rows[0]!.due).toISOString()).toBe(monday.toISOString());
    expect(await mails()).toBe(0);

    await clock.setTime(monday.getTime() - 5000);
    const sentAt = await tickUntil(clock, async () => (await mails()) === 1, 120);
    expect(sentAt - monday.getTime()).toBeLessThanOrEqual(60_000);
    expect(await countRows(db.pool, `SELECT 1 FROM mail_queue WHERE to_address = (SELECT email FROM leads WHERE id = $1)`, [lead])).toBe(1);

    // The wait runs at once; the task is due two business days later, Wednesday at 9:00.
    const wednesday = new Date('2026-12-09T14:00:00Z');
    await tickUntil(
      clock,
      async () =>
        (await countRows(
          db.pool,
          `SELECT 1 FROM sequence_step_runs r JOIN sequence_enrolments e ON e.id = r.enrolment_id WHERE e.lead_id = $1`,
          [lead],
        )) === 2,
      60,
    );
    await clock.setTime(wednesday.getTime() - 5000);
    const tasks = () => countRows(db.pool, `SELECT 1 FROM activities WHERE lead_id = $1 AND subject = 'Call about the intake'`, [lead]);
    const taskAt = await tickUntil(clock, async () => (await tasks()) === 1, 120);
    expect(taskAt - wednesday.getTime()).toBeLessThanOrEqual(60_000);
    expect(taskAt).toBeGreaterThanOrEqual(wednesday.getTime());

    const { rows: timeline } = await db.pool.query<{ kind: string; detail: { step?: string; outcome?: string; reason?: string } }>(
      `SELECT kind, detail FROM lead_events WHERE lead_id = $1 ORDER BY created_at, id`,
      [lead],
    );
    expect(timeline.map((e) => (e.kind === 'sequence_step' ? `${e.detail.outcome}: ${e.detail.step}` : e.kind))).toEqual([
      'sequence_enrolled',
      'email_sent',
      'taken: E-mail: Welcome',
      'taken: Wait 2 business days',
      'activity',
      'taken: Call for the owner: Call about the intake',
      'sequence_left',
    ]);
    expect(await countRows(db.pool, `SELECT 1 FROM sequence_enrolments WHERE lead_id = $1 AND state = 'completed'`, [lead])).toBe(1);
  }, 60_000);

  test.each([1, 2])(
    'a burst of due steps runs by T + 60 s, each once, with %i instance(s)',
    async (instances) => {
      // Tuesday 8 December 2026, 10:00 in Toronto; later than the previous test's clock.
      const t = new Date(`2026-12-08T15:0${instances}:00Z`);
      const clock = new TestClock(t);
      const first = await engine(clock);
      if (instances === 2) await engine(clock, other);
      const { rows } = await db.pool.query<{ id: string }>(
        `INSERT INTO sequences (name, exit_stages) VALUES ($1, '{}') RETURNING id::text AS id`,
        [`Burst ${instances}`],
      );
      const sequenceId = rows[0]!.id;
      await db.pool.query(`INSERT INTO sequence_steps (sequence_id, position, kind, template_id) VALUES ($1, 1, 'email', $2)`, [
        sequenceId,
        template,
      ]);
      const leads: string[] = [];
      // Part-time leads: no rule of the other test's sequence takes them.
      for (let i = 0; i < 12; i += 1) leads.push(await insertLead(db.pool, { createdAt: t, courseType: 2 }));
      const { enrol } = await import('../../server/sequences/enrolments');
      await db.transaction(async (client) => {
        for (const leadId of leads) await enrol(first.jobs, client, { leadId, sequenceId, by: null, now: t });
      });
      const sent = () => countRows(db.pool, `SELECT 1 FROM lead_emails WHERE lead_id = ANY($1::char(24)[])`, [leads]);
      const doneAt = await tickUntil(clock, async () => (await sent()) === leads.length, 90);
      expect(doneAt - t.getTime()).toBeLessThanOrEqual(60_000);
      // Once each, whatever ran twice: the sweep sends the due steps' jobs again.
      await sweep(first);
      await clock.tick(5000);
      await sleep(200);
      expect(await sent()).toBe(leads.length);
      expect(
        await countRows(
          db.pool,
          `SELECT 1 FROM sequence_step_runs r JOIN sequence_enrolments e ON e.id = r.enrolment_id WHERE e.sequence_id = $1`,
          [sequenceId],
        ),
      ).toBe(leads.length);
    },
    60_000,
  );
});
