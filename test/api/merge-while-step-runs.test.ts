/**
 * Issue 23, "a merge while a sequence step runs: one wins, the other is told, nothing is lost", on
 * both databases. The step's job and the merge are started together many times, in both orders.
 * Whichever commits first, the other sees its result: a step that ran first has its e-mail and run
 * moved with the enrolment; a step that runs after the merge acts on the kept lead (or finds the
 * enrolment ended because the kept lead is already in the sequence). No error, no e-mail twice,
 * nothing left on the merged lead. Also: two leads in the same sequence can be merged at all.
 */
import { startTestServer, type TestServer } from '../support/server';
import { addStaff, type TestStaff } from '../support/crm-staff';
import { testDatabaseKinds } from '../support/database';
import { countRows, insertLead, insertTemplate, quietLog } from '../support/sequences';
import { runStepJob } from '../../server/sequences/step-runner';
import { enrol } from '../../server/sequences/enrolments';
import { endFinishedEnrolments } from '../../server/sequences/sweep';
import type { SequenceDeps } from '../../server/sequences/engine-deps';
import type { Sequence } from '../../src/sequences-contract';

const START_TIMEOUT_MS = 120_000;
const ROUNDS = 8;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testDatabaseKinds())('a merge while a sequence step runs (%s)', (kind) => {
  let server: TestServer;
  let counsellor: TestStaff;
  let sequence: Sequence;
  let deps: SequenceDeps;
  // Tuesday 12 January 2027, 10:00 in Toronto: business time, so the e-mail step sends at once.
  const now = new Date('2027-01-12T15:00:00Z');

  beforeAll(async () => {
    server = await startTestServer({ kind, listen: false });
    const admin = await addStaff(server, 'Ada Admin', 'admin');
    counsellor = await addStaff(server, 'Carl Counsellor');
    const template = await insertTemplate(server.db.pool, 'Welcome');
    const { db, jobs, mailer, config, catalogue } = server.ctx;
    deps = { db, jobs, mailer, config, catalogue, now: () => now, log: quietLog };
    const created = await call('POST', '/api/crm/sequences', admin.token, {
      name: 'Merge race',
      paused: false,
      exit_stages: [],
      rules: [],
      steps: [
        { kind: 'email', template_id: template },
        { kind: 'wait', days: 1 },
        { kind: 'task', task_type: 1, subject: 'Call' },
      ],
    });
    expect(created.statusCode).toBe(201);
    sequence = created.json<Sequence>();
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await server?.close();
  });

  function call(method: 'POST', url: string, token: string, payload: object) {
    return server.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });
  }

  /**
   * Enrols the lead at the test's clock, through the engine's own enrol (its job is due then, in
   * 2027, so the server's worker, on the real clock, leaves it to this test); resolves with its id.
   */
  async function enrolled(lead: string): Promise<string> {
    const id = await enrol(server.ctx.jobs, server.db.pool, { leadId: lead, sequenceId: String(sequence.id), by: null, now });
    expect(id).not.toBeNull();
    return id!;
  }
  /**
   * Runs two transactions so that `first` takes its locks before `second` starts. On PostgreSQL both
   * are in flight at once: a third connection holds the merged lead's enrolment row, `first` starts
   * (the merge locks both leads, then waits at the enrolment; the step waits at the enrolment),
   * `second` starts and queues behind it, and the row is let go. PGlite has one connection, so
   * transactions run one after the other: in the order started.
   */
  async function race(enrolment: string, [first, second]: [() => Promise<unknown>, () => Promise<unknown>]) {
    const isMerge = (r: unknown): r is Awaited<ReturnType<typeof call>> => typeof r === 'object' && r !== null && 'statusCode' in r;
    if (kind === 'pglite') {
      const results = [await first(), await second()];
      return results.find(isMerge)!;
    }
    const blocker = await server.db.pool.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('SELECT 1 FROM sequence_enrolments WHERE id = $1 FOR UPDATE', [enrolment]);
      const one = first();
      await sleep(300);
      const two = second();
      await sleep(300);
      await blocker.query('COMMIT');
      return [await one, await two].find(isMerge)!;
    } finally {
      blocker.release();
    }
  }
  const newLead = () => insertLead(server.db.pool, { createdAt: now, ownerId: counsellor.id, courseType: 3 });

  test('two leads enrolled in the same sequence merge: the kept one stays in it, the other enrolment ends as merged', async () => {
    const keep = await newLead();
    const merged = await newLead();
    const keptEnrolment = await enrolled(keep);
    const mergedEnrolment = await enrolled(merged);
    const res = await call('POST', '/api/crm/leads/merge', counsellor.token, { keepId: keep, mergeId: merged });
    expect(res.statusCode).toBe(200);
    const { rows } = await server.db.pool.query<{ id: string; lead_id: string; state: string; left_reason: string | null }>(
      'SELECT id::text AS id, lead_id, state, left_reason FROM sequence_enrolments WHERE id IN ($1, $2) ORDER BY id',
      [keptEnrolment, mergedEnrolment],
    );
    expect(rows.map((r) => [r.id, r.lead_id.trim(), r.state, r.left_reason])).toEqual([
      [keptEnrolment, keep, 'active', null],
      [mergedEnrolment, keep, 'left', 'merged'],
    ]);
    const left = await server.db.pool.query<{ detail: { reason: string } }>(
      "SELECT detail FROM lead_events WHERE lead_id = $1 AND kind = 'sequence_left'",
      [keep],
    );
    expect(left.rows.map((r) => r.detail.reason)).toEqual(['merged']);
  });

  test(`the step's job and the merge at once, ${ROUNDS} times in both orders: no error, nothing lost, nothing sent twice`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const keep = await newLead();
      const merged = await newLead();
      // Half the rounds the kept lead is in the sequence too (the merged enrolment then ends); half not (it moves on).
      const bothEnrolled = round % 2 === 0;
      if (bothEnrolled) await enrolled(keep);
      const enrolment = await enrolled(merged);
      const { rows: next } = await server.db.pool.query<{ step: string }>(
        'SELECT next_step_id::text AS step FROM sequence_enrolments WHERE id = $1',
        [enrolment],
      );
      const stepFirst = round % 4 < 2;
      const merging = () => call('POST', '/api/crm/leads/merge', counsellor.token, { keepId: keep, mergeId: merged });
      const stepping = () => runStepJob(deps, { enrolmentId: enrolment, stepId: next[0]!.step });
      const merge = await race(enrolment, stepFirst ? [stepping, merging] : [merging, stepping]);
      expect(merge.statusCode).toBe(200);

      // Nothing stays on the merged lead but the tombstone.
      expect(await countRows(server.db.pool, 'SELECT 1 FROM sequence_enrolments WHERE lead_id = $1', [merged])).toBe(0);
      expect(await countRows(server.db.pool, 'SELECT 1 FROM lead_emails WHERE lead_id = $1', [merged])).toBe(0);
      expect(await countRows(server.db.pool, 'SELECT 1 FROM lead_events WHERE lead_id = $1', [merged])).toBe(0);
      // The step's e-mail exists exactly when its run was recorded as taken, once, and on the kept lead.
      const taken = await countRows(server.db.pool, "SELECT 1 FROM sequence_step_runs WHERE enrolment_id = $1 AND outcome = 'taken'", [
        enrolment,
      ]);
      const emails = await countRows(server.db.pool, "SELECT 1 FROM lead_emails WHERE lead_id = $1 AND origin->>'kind' = 'sequence'", [
        keep,
      ]);
      expect(emails).toBe(taken);
      expect(taken).toBeLessThanOrEqual(1);
      const queued = await countRows(
        server.db.pool,
        'SELECT 1 FROM mail_queue WHERE to_address IN (SELECT email FROM leads WHERE id IN ($1, $2))',
        [keep, merged],
      );
      expect(queued).toBe(emails);
      const { rows } = await server.db.pool.query<{ state: string; left_reason: string | null }>(
        'SELECT state, left_reason FROM sequence_enrolments WHERE id = $1',
        [enrolment],
      );
      if (bothEnrolled) {
        // The kept lead's own enrolment carries on; the merged one's ended, after its e-mail or before it.
        expect(rows[0]).toEqual({ state: 'left', left_reason: 'merged' });
        expect(taken).toBe(stepFirst ? 1 : 0);
      } else {
        // The enrolment moved with the lead; run first or after the merge, its e-mail went once.
        expect(rows[0]).toEqual({ state: 'active', left_reason: null });
        expect(taken).toBe(1);
      }
    }
  });

  test("the minute's sweep ending a replied lead's enrolment and the merge at once, in both orders: no error, it ends once", async () => {
    for (const sweepFirst of [true, false, true, false]) {
      const keep = await newLead();
      const merged = await newLead();
      const enrolment = await enrolled(merged);
      // The merged lead replied after it was enrolled (as the IMAP reader records a reply).
      await server.db.pool.query(
        `INSERT INTO lead_events (lead_id, kind, detail, created_at) VALUES ($1, 'reply', '{"subject":"Re"}', $2)`,
        [merged, new Date(now.getTime() + 60_000)],
      );
      const merging = () => call('POST', '/api/crm/leads/merge', counsellor.token, { keepId: keep, mergeId: merged });
      const ending = () => endFinishedEnrolments(deps);
      const merge = await race(enrolment, sweepFirst ? [ending, merging] : [merging, ending]);
      expect(merge.statusCode).toBe(200);
      const { rows } = await server.db.pool.query<{ lead_id: string; state: string; left_reason: string | null }>(
        'SELECT lead_id, state, left_reason FROM sequence_enrolments WHERE id = $1',
        [enrolment],
      );
      expect(rows.map((r) => [r.lead_id.trim(), r.state, r.left_reason])).toEqual([[keep, 'left', 'replied']]);
      expect(await countRows(server.db.pool, 'SELECT 1 FROM lead_events WHERE lead_id = $1', [merged])).toBe(0);
      expect(await countRows(server.db.pool, "SELECT 1 FROM lead_events WHERE lead_id = $1 AND kind = 'sequence_left'", [keep])).toBe(1);
    }
  });
});
