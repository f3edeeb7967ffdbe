/**
 * Issue 34, refunds on both databases: a full refund obligation (the cooling-off, as the contract
 * flow creates it) owes everything paid, the service fee included, due 30 days after the notice;
 * a withdrawal without a configured schedule leaves the amount for staff with the earned fees
 * shown, and with the schedule configured computes it; recording a refund issues its receipt and
 * marks the obligation refunded; the Refunds page lists overdue ones first; the daily reminder
 * mails admins once per Toronto day, with the clock controlled.
 */
import { startTestServer, type TestServer } from '../support/server';
import { bothDatabaseKinds } from '../support/database';
import { staffToken } from '../support/lead-fixtures';
import { ADMIN_EMAIL } from '../support/staff';
import { insertAdmittedApplication, type AdmittedApplication } from '../support/enrolment';
import { insertContract, mailsTo, moneyCalls, requestKey, setProgramFees } from '../support/enrolment-money';
import { quietJobLog } from '../support/events-jobs';
import { createRefundObligation } from '../../server/enrolment/refunds';
import { COOLING_OFF_LEGAL_BASIS } from '../../server/enrolment/refund-amounts';
import { REFUND_REMINDERS_QUEUE, sendRefundReminders } from '../../server/enrolment/refund-reminders';
import { OVERDUE_REFUNDS_SUBJECT } from '../../server/enrolment/refund-reminder-mail';

const START_TIMEOUT_MS = 120_000;
const SLOW_MS = 120_000;
const DAY = 86_400_000;

describe.each(bothDatabaseKinds())('refunds (%s)', (kind) => {
  let server: TestServer;
  let admin: string;
  let courseId: string;
  let calls: ReturnType<typeof moneyCalls>;
  const obligation = async (id: string) =>
    (
      await server.db.pool.query<{
        amount_cents: number | null;
        earned_fees_cents: number | null;
        due_at: Date;
        legal_basis: string;
        status: string;
      }>('SELECT amount_cents, earned_fees_cents, due_at, legal_basis, status FROM refund_obligations WHERE id = $1', [id])
    ).rows[0];
  /** An admitted student who paid the service fee, signed a $10,000 contract (Sept. 2026 – June 2027) and paid `after` more. */
  async function paidStudent(after: number): Promise<AdmittedApplication & { contractId: string }> {
    const app = await insertAdmittedApplication(server, { courseId });
    await calls.pay(app.id, { amount_cents: 50_000 });
    const contractId = await insertContract(server, app.id, { totalCents: 1_000_000, startDate: '2026-09-01', endDate: '2027-06-30' });
    if (after > 0) await calls.pay(app.id, { amount_cents: after });
    return { ...app, contractId };
  }

  beforeAll(async () => {
    server = await startTestServer({ kind, listen: false });
    admin = await staffToken(server);
    const { rows } = await server.db.pool.query<{ id: string }>('SELECT id FROM courses WHERE status = 1 ORDER BY position, id LIMIT 1');
    courseId = rows[0]!.id.trim();
    await setProgramFees(server, courseId, 1_000_000);
    calls = moneyCalls(server, () => admin);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await server.close();
  });

  it(
    'a cooling-off cancellation owes everything paid (the service fee included), due 30 days after the notice; recording it issues a receipt',
    async () => {
      const app = await paidStudent(150_000);
      const notice = new Date();
      const id = await server.db.transaction((tx) =>
        createRefundObligation(tx, {
          applicationId: app.id,
          contractId: app.contractId,
          basis: 'cooling_off',
          noticeReceivedAt: notice,
          createdBy: null,
        }),
      );
      const row = await obligation(id);
      expect(row).toMatchObject({ amount_cents: 200_000, earned_fees_cents: null, legal_basis: COOLING_OFF_LEGAL_BASIS, status: 'open' });
      expect(row?.due_at.getTime()).toBe(notice.getTime() + 30 * DAY);
      const due = await server.db.pool.query(`SELECT 1 FROM lead_events WHERE lead_id = $1 AND detail->>'action' = 'refund_due'`, [
        app.leadId,
      ]);
      expect(due.rows).toHaveLength(1);

      const wrong = await calls.recordRefund(id, { amount_cents: 100_000 });
      expect(wrong.status).toBe(400);
      expect(wrong.body.errors?.amount_cents).toBe('The refund owed is $2,000.00; please record exactly that amount.');
      const request = { request_key: requestKey(), amount_cents: 200_000, method: 'e_transfer' as const };
      const recorded = await calls.recordRefund(id, request);
      expect(recorded.status).toBe(200);
      expect(recorded.body).toMatchObject({ paid_cents: 200_000, refunded_cents: 200_000, balance_cents: 1_000_000 });
      expect(recorded.body.refunds[0]).toMatchObject({ status: 'refunded', paid_cents: 200_000, overdue: false });
      expect((await calls.recordRefund(id, request)).body.entries).toHaveLength(3);
      expect((await calls.recordRefund(id, { amount_cents: 200_000 })).status).toBe(409);
      const refundMail = (await mailsTo(server, app.email)).at(-1);
      expect(refundMail?.text_body).toContain('We have refunded $2,000.00');
      expect(refundMail?.envelope?.attachments?.[0]?.contentType).toBe('application/pdf');
      const timeline = await server.db.pool.query(
        `SELECT 1 FROM lead_events WHERE lead_id = $1 AND detail->>'action' = 'refund_recorded'`,
        [app.leadId],
      );
      expect(timeline.rows).toHaveLength(1);
    },
    SLOW_MS,
  );

  it(
    'a withdrawal without a schedule leaves the amount to staff with the earned fees; staff give the amount when recording',
    async () => {
      const app = await paidStudent(550_000);
      const notice = new Date('2026-11-01T16:00:00Z');
      const answer = await calls.notice(app.id, {
        basis: 'withdrawal',
        notice_received_at: notice.toISOString(),
        note: 'Letter of Nov. 1',
      });
      expect(answer.status).toBe(200);
      const refund = answer.body.refunds[0];
      // Sept. 1 to the end of June 30 in Toronto (both in daylight time: 04:00 UTC).
      const share = (notice.getTime() - Date.UTC(2026, 8, 1, 4)) / (Date.UTC(2027, 6, 1, 4) - Date.UTC(2026, 8, 1, 4));
      expect(refund).toMatchObject({ basis: 'withdrawal', amount_cents: null, earned_fees_cents: Math.round(1_000_000 * share) });
      expect(refund?.legal_basis).toContain('O. Reg. 415/06, s. 27');
      expect(new Date(refund?.due_at ?? '').getTime()).toBe(notice.getTime() + 30 * DAY);

      const tooMuch = await calls.recordRefund(refund?._id ?? '', { amount_cents: 600_001 });
      expect(tooMuch.status).toBe(400);
      const done = await calls.recordRefund(refund?._id ?? '', { amount_cents: 350_000, method: 'cheque', reference: 'Cheque 502' });
      expect(done.body.refunds[0]).toMatchObject({ amount_cents: 350_000, paid_cents: 350_000, status: 'refunded' });
      expect(done.body.refunded_cents).toBe(350_000);

      const cooling = await calls.notice(app.id, { basis: 'cooling_off', notice_received_at: notice.toISOString() });
      expect(cooling.status).toBe(400);
      const future = await calls.notice(app.id, { basis: 'withdrawal', notice_received_at: new Date(Date.now() + DAY).toISOString() });
      expect(future.body.errors).toHaveProperty('notice_received_at');
    },
    SLOW_MS,
  );

  it(
    'the Refunds page lists open before refunded, overdue first; the daily reminder mails admins once per Toronto day',
    async () => {
      const late = await paidStudent(0);
      const recent = await paidStudent(0);
      const lateNotice = await calls.notice(late.id, {
        basis: 'discontinued',
        notice_received_at: new Date(Date.now() - 40 * DAY).toISOString(),
      });
      expect(lateNotice.body.refunds[0]).toMatchObject({ amount_cents: 50_000, overdue: true });
      await calls.notice(recent.id, { basis: 'discontinued', notice_received_at: new Date(Date.now() - DAY).toISOString() });
      const { refunds } = (await calls.refunds()).body;
      const rank = (r: (typeof refunds)[number]) => (r.status === 'refunded' ? 2 : r.overdue ? 0 : 1);
      expect(refunds.map(rank)).toEqual([...refunds.map(rank)].sort());
      expect(refunds[0]).toMatchObject({ application_id: late.id, overdue: true, student: 'Grace Hopper' });
      const recentAt = refunds.findIndex((r) => r.application_id === recent.id);
      expect(recentAt).toBeGreaterThan(0);

      const deps = { db: server.db, mailer: server.ctx.mailer, config: server.config, log: quietJobLog };
      const at = (iso: string) => () => new Date(iso);
      const reminders = async () => (await mailsTo(server, ADMIN_EMAIL)).filter((m) => m.subject === OVERDUE_REFUNDS_SUBJECT);
      expect(await sendRefundReminders({ ...deps, now: at('2030-03-07T13:00:00Z') })).toBeGreaterThan(0);
      const first = await reminders();
      expect(first).toHaveLength(1);
      expect(first[0]?.text_body).toContain('Grace Hopper');
      expect(first[0]?.text_body).toContain('/crm/refunds');
      // Later the same Toronto day (23:30 in Toronto is 04:30 UTC the next day): nothing more.
      expect(await sendRefundReminders({ ...deps, now: at('2030-03-08T04:30:00Z') })).toBe(0);
      await Promise.all([
        sendRefundReminders({ ...deps, now: at('2030-03-07T20:00:00Z') }),
        sendRefundReminders({ ...deps, now: at('2030-03-07T21:00:00Z') }),
      ]);
      expect(await reminders()).toHaveLength(1);
      expect(await sendRefundReminders({ ...deps, now: at('2030-03-08T13:00:00Z') })).toBeGreaterThan(0);
      expect(await reminders()).toHaveLength(2);

      const schedule = await server.db.pool.query<{ cron: string; timezone: string }>(
        `SELECT cron, timezone FROM ${server.ctx.jobs.schema}.schedule WHERE name = $1`,
        [REFUND_REMINDERS_QUEUE.name],
      );
      expect(schedule.rows).toEqual([{ cron: '0 8 * * *', timezone: 'America/Toronto' }]);
    },
    SLOW_MS,
  );

  it(
    'with the partial-refund schedule configured, a withdrawal computes its amount from the share of hours delivered',
    async () => {
      await server.db.pool.query(
        `INSERT INTO enrolment_settings (legal_name, refund_schedule, refund_schedule_source) VALUES ('Northbridge College of Technology Inc.', $1::jsonb, $2)
         ON CONFLICT (id) DO UPDATE SET refund_schedule = excluded.refund_schedule, refund_schedule_source = excluded.refund_schedule_source`,
        [
          JSON.stringify([
            { up_to_percent_of_hours: 10, refund_percent: 90 },
            { up_to_percent_of_hours: 50, refund_percent: 50 },
          ]),
          'O. Reg. 415/06, s. 27',
        ],
      );
      const app = await paidStudent(550_000);
      // About 20 % of the program delivered: the 50 % step; the college keeps $5,000 of the $6,000 paid.
      const answer = await calls.notice(app.id, { basis: 'withdrawal', notice_received_at: '2026-11-01T16:00:00Z' });
      expect(answer.body.refunds[0]).toMatchObject({ amount_cents: 100_000 });
      expect(answer.body.refunds[0]?.legal_basis).toContain('schedule: O. Reg. 415/06, s. 27');
      await server.db.pool.query('UPDATE enrolment_settings SET refund_schedule = NULL, refund_schedule_source = NULL');
    },
    SLOW_MS,
  );
});
