/**
 * Issue 34, payments on both databases: the service-fee cap of O. Reg. 415/06 before a signed
 * contract (min(20 % of fees, $500): $499.99 / $500.00 / $500.01 for a program whose fees make it
 * $500, and 20 % of a $2,000 program), no cap once signed; five identical posts at once record one
 * payment, one receipt and one mail; a new key records again; the receipt mail carries its PDF;
 * the receipt PDF for staff (audited; out of view answers 404); validation and timeline.
 */
import { startTestServer, type TestServer } from '../support/server';
import { bothDatabaseKinds } from '../support/database';
import { staffToken } from '../support/lead-fixtures';
import { addStaff, type TestStaff } from '../support/crm-staff';
import { insertAdmittedApplication } from '../support/enrolment';
import { insertContract, mailsTo, moneyCalls, requestKey, setProgramFees } from '../support/enrolment-money';
import { crmEnrolmentPaths } from '../../src/enrolment-contract';
import { type Ledger } from '../../src/ledger-contract';
import { capMessage } from '../../server/enrolment/payments';
import { AMOUNT_MESSAGE, FUNDER_MESSAGE } from '../../server/enrolment/payment-input';

const START_TIMEOUT_MS = 120_000;
const SLOW_MS = 120_000;

describe.each(bothDatabaseKinds())('payments and receipts (%s)', (kind) => {
  let server: TestServer;
  let admin: string;
  let counsellor: TestStaff;
  let bigCourse: string;
  let smallCourse: string;
  let calls: ReturnType<typeof moneyCalls>;

  beforeAll(async () => {
    server = await startTestServer({ kind, listen: false });
    admin = await staffToken(server);
    counsellor = await addStaff(server, 'Cory Counsellor');
    const { rows } = await server.db.pool.query<{ id: string }>('SELECT id FROM courses WHERE status = 1 ORDER BY position, id LIMIT 2');
    [bigCourse, smallCourse] = rows.map((r) => r.id.trim()) as [string, string];
    await setProgramFees(server, bigCourse, 1_200_000);
    await setProgramFees(server, smallCourse, 200_000);
    calls = moneyCalls(server, () => admin);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await server.close();
  });

  it(
    'before a contract, a program whose fees make the cap $500: $499.99 and $500.00 may be collected, $500.01 is refused citing the rule',
    async () => {
      const under = await insertAdmittedApplication(server, { courseId: bigCourse });
      const first = await calls.pay(under.id, { amount_cents: 49_999 });
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ fees_cents: 0, paid_cents: 49_999, service_fee_cap_cents: 50_000 });
      const over = await calls.pay(under.id, { amount_cents: 2 });
      expect(over.status).toBe(400);
      expect(over.body.message).toBe(capMessage(50_000, 49_999));
      expect(over.body.message).toContain('Ontario Regulation 415/06');
      expect(over.body.errors).toEqual({ amount_cents: capMessage(50_000, 49_999) });
      expect((await calls.pay(under.id, { amount_cents: 1 })).body.paid_cents).toBe(50_000);

      const exact = await insertAdmittedApplication(server, { courseId: bigCourse });
      expect((await calls.pay(exact.id, { amount_cents: 50_000 })).status).toBe(200);
      const beyond = await insertAdmittedApplication(server, { courseId: bigCourse });
      const refused = await calls.pay(beyond.id, { amount_cents: 50_001 });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(
        /^Before the enrolment contract is signed, the college may collect only a service fee of at most \$500\.00/,
      );
      const untouched = await server.db.pool.query('SELECT 1 FROM ledger_entries WHERE application_id = $1', [beyond.id]);
      expect(untouched.rows).toHaveLength(0);
    },
    SLOW_MS,
  );

  it(
    'a $2,000 program caps at 20 %: $400.00 is accepted and $400.01 refused; once the student signs, the fees come from the contract and the cap is gone',
    async () => {
      const ok = await insertAdmittedApplication(server, { courseId: smallCourse });
      const paid = await calls.pay(ok.id, { amount_cents: 40_000 });
      expect(paid.body).toMatchObject({ paid_cents: 40_000, service_fee_cap_cents: 40_000 });
      const refused = await insertAdmittedApplication(server, { courseId: smallCourse });
      const answer = await calls.pay(refused.id, { amount_cents: 40_001 });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(capMessage(40_000, 0));

      const contractId = await insertContract(server, ok.id, { totalCents: 200_000 });
      const after = await calls.pay(ok.id, { amount_cents: 100_000, method: 'third_party', funder: 'Better Jobs Ontario' });
      expect(after.status).toBe(200);
      expect(after.body).toMatchObject({ fees_cents: 200_000, paid_cents: 140_000, balance_cents: 60_000, service_fee_cap_cents: null });
      expect(after.body.entries.map((e) => [e.amount_cents, e.method, e.funder])).toEqual([
        [40_000, 'e_transfer', null],
        [100_000, 'third_party', 'Better Jobs Ontario'],
      ]);
      expect(after.body.entries[1]?.recorded_by?.name).toBeTruthy();
      const linked = await server.db.pool.query<{ contract_id: string | null }>(
        'SELECT contract_id FROM ledger_entries WHERE application_id = $1 ORDER BY receipt_number',
        [ok.id],
      );
      expect(linked.rows.map((r) => r.contract_id?.trim() ?? null)).toEqual([null, contractId]);
    },
    SLOW_MS,
  );

  it(
    'five identical posts at once record one payment with one receipt and one mail; a new key with the same amount records again',
    async () => {
      const app = await insertAdmittedApplication(server, { courseId: bigCourse });
      const request = { request_key: requestKey(), amount_cents: 10_000, method: 'card' as const, reference: 'T-4471' };
      const answers = await Promise.all(Array.from({ length: 5 }, () => calls.pay(app.id, request)));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
      const entries = await server.db.pool.query<{ receipt_number: number; receipt_mail_id: string | null }>(
        'SELECT receipt_number, receipt_mail_id FROM ledger_entries WHERE application_id = $1',
        [app.id],
      );
      expect(entries.rows).toHaveLength(1);
      expect(entries.rows[0]?.receipt_mail_id).not.toBeNull();
      const mails = await mailsTo(server, app.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toContain(`receipt ${entries.rows[0]?.receipt_number}`);

      const changed = await calls.pay(app.id, { ...request, amount_cents: 20_000 });
      expect(changed.status).toBe(409);
      expect(changed.body.message).toContain('$100.00');

      const again = await calls.pay(app.id, { ...request, request_key: requestKey() });
      expect(again.body.paid_cents).toBe(20_000);
      expect(again.body.entries).toHaveLength(2);
      expect(new Set(again.body.entries.map((e) => e.receipt_number)).size).toBe(2);
      expect(await mailsTo(server, app.email)).toHaveLength(2);
      const timeline = await server.db.pool.query<{ text: string }>(
        `SELECT detail->>'text' AS text FROM lead_events WHERE lead_id = $1 AND detail->>'action' = 'payment_recorded'`,
        [app.leadId],
      );
      expect(timeline.rows).toHaveLength(2);
      expect(timeline.rows[0]?.text).toMatch(/^Payment recorded: \$100\.00 \(Card terminal\), receipt \d+$/);
    },
    SLOW_MS,
  );

  it(
    'the receipt mail carries the PDF; staff read the receipt (audited), others get 404',
    async () => {
      const app = await insertAdmittedApplication(server, { courseId: bigCourse });
      const ledger = (await calls.pay(app.id, { amount_cents: 25_000, method: 'cheque', reference: 'Cheque 118' })).body;
      const [mail] = await mailsTo(server, app.email);
      const attachment = mail?.envelope?.attachments?.[0];
      expect(attachment).toMatchObject({ contentType: 'application/pdf', filename: `receipt-${ledger.entries[0]?.receipt_number}.pdf` });
      expect(
        Buffer.from(attachment?.content ?? '', 'base64')
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      expect(mail?.text_body).toContain('$250.00');

      const entryId = ledger.entries[0]?._id ?? '';
      const pdf = await server.app.inject({ url: crmEnrolmentPaths.receipt(entryId), headers: { authorization: `Bearer ${admin}` } });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const audit = await server.db.pool.query(
        `SELECT 1 FROM audit_log WHERE action = 'enrolment.receipt_viewed' AND details->>'entry_id' = $1`,
        [entryId],
      );
      expect(audit.rows).toHaveLength(1);
      const other = await server.app.inject({
        url: crmEnrolmentPaths.receipt(entryId),
        headers: { authorization: `Bearer ${counsellor.token}` },
      });
      expect(other.statusCode).toBe(404);
      const otherPay = await moneyCalls(server, () => counsellor.token).pay(app.id, { amount_cents: 100 });
      expect(otherPay.status).toBe(404);
    },
    SLOW_MS,
  );

  it('amounts are whole cents from $0.01 to $100,000; third-party funding names its funder', async () => {
    const app = await insertAdmittedApplication(server, { courseId: bigCourse });
    await insertContract(server, app.id, { totalCents: 1_200_000 });
    for (const amount of [0, -5, 10.5, 10_000_001]) {
      const answer = await calls.pay(app.id, { amount_cents: amount });
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toEqual({ amount_cents: AMOUNT_MESSAGE });
    }
    expect((await calls.pay(app.id, { amount_cents: 10_000_000 })).status).toBe(200);
    const noFunder = await calls.pay(app.id, { amount_cents: 100, method: 'third_party' });
    expect(noFunder.body.errors).toEqual({ funder: FUNDER_MESSAGE });
    const ledger = await server.app.inject({
      method: 'POST',
      url: crmEnrolmentPaths.payments(app.id),
      headers: { authorization: `Bearer ${admin}` },
      payload: { request_key: requestKey(), amount_cents: 100, method: 'cash' },
    });
    expect(ledger.json<Ledger>().paid_cents).toBe(10_000_100);
  });
});
