/**
 * Issue 34, the contract's life on both databases: issuing is blocked by a missing element and
 * names it; the student signs against the SHA-256 of the exact PDF (a tampered one is refused);
 * only those allowed countersign; the copy (final PDF with its signature page, its own
 * Message-ID) is queued in the countersignature's transaction and its delivery starts the
 * cooling-off; the pass enrols at the deadline, not a millisecond before, once; a cancellation
 * within the period cancels and owes a full refund of everything paid, due in 30 days.
 */
import { createHash } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { startTestServer, type TestServer } from '../support/server';
import { bothDatabaseKinds } from '../support/database';
import { staffToken } from '../support/lead-fixtures';
import { addStaff, type TestStaff } from '../support/crm-staff';
import { insertAdmittedApplication } from '../support/enrolment';
import { bearer } from '../support/applicants';
import { createApplicantSession } from '../../server/applications/applicant-session';
import { applicantEnrolmentPaths, crmEnrolmentPaths, type ApplicantEnrolment, type StaffEnrolment } from '../../src/enrolment-contract';
import { HASH_MISMATCH_MESSAGE, SIGN_CONTRACTS_ONLY_MESSAGE } from '../../server/enrolment/contract-signing';
import { PERIOD_OVER_MESSAGE } from '../../server/enrolment/contract-cancel';
import { coolingOffEndsAt } from '../../server/enrolment/cooling-off';
import { runEnrolmentPass } from '../../server/enrolment/enrolment-pass';
import type { PrivacyExport } from '../../src/privacy-contract';

const START_TIMEOUT_MS = 180_000;
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe.each(bothDatabaseKinds())('the enrolment contract (%s)', (kind) => {
  let server: TestServer;
  let admin: string;
  let ann: TestStaff;
  let clock = new Date();
  const get = async <T>(url: string, token: string) => {
    const r = await server.app.inject({ url, headers: bearer(token) });
    return { status: r.statusCode, body: r.json<T>() };
  };
  const post = async <T>(url: string, payload: object, token: string) => {
    const r = await server.app.inject({ method: 'POST', url, headers: { ...bearer(token), 'user-agent': 'jest-browser/1.0' }, payload });
    return { status: r.statusCode, body: r.json<T>() };
  };
  const pdfOf = async (contractId: string, token: string) =>
    (await server.app.inject({ url: applicantEnrolmentPaths.pdf(contractId), headers: bearer(token) })).rawPayload;
  const timeline = async (leadId: string) =>
    (
      await server.db.pool.query<{ action: string }>(
        `SELECT detail->>'action' AS action FROM lead_events WHERE lead_id = $1 AND kind = 'application' ORDER BY id`,
        [leadId],
      )
    ).rows.map((r) => r.action);

  /** An admitted applicant with an issued contract, signed in to the portal. */
  async function issued() {
    const application = await insertAdmittedApplication(server, {});
    const token = await createApplicantSession(server.db.pool, application.email);
    const answer = await post<StaffEnrolment>(crmEnrolmentPaths.issue(application.id), {}, admin);
    expect(answer).toMatchObject({ status: 200, body: {} });
    if (answer.status !== 200) throw new Error(JSON.stringify(answer.body));
    const contract = answer.body.contract;
    if (!contract) throw new Error('no contract');
    return { application, token, contract };
  }

  async function signed() {
    const state = await issued();
    const pdf = await pdfOf(state.contract._id, state.token);
    const acks = state.contract.acknowledgements.map((a) => a.key);
    const answer = await post<ApplicantEnrolment>(
      applicantEnrolmentPaths.sign,
      { contract_id: state.contract._id, pdf_sha256: sha(pdf), name: 'Grace Brewster Hopper', acknowledgements: acks },
      state.token,
    );
    expect(answer.status).toBe(200);
    return { ...state, pdf };
  }

  async function countersigned() {
    const state = await signed();
    expect((await post<StaffEnrolment>(crmEnrolmentPaths.countersign(state.contract._id), {}, admin)).status).toBe(200);
    return state;
  }

  beforeAll(async () => {
    server = await startTestServer({ kind, listen: false, now: () => clock });
    admin = await staffToken(server);
    ann = await addStaff(server, 'Ann Counsellor');
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await server.close();
  });
  beforeEach(() => {
    clock = new Date();
  });

  it('names what is missing and issues nothing until it is there', async () => {
    const application = await insertAdmittedApplication(server, {});
    await server.db.pool.query('UPDATE program_terms SET language = NULL WHERE course_id = $1', [application.courseId]);
    try {
      const refused = await post<{ message: string }>(crmEnrolmentPaths.issue(application.id), {}, admin);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(/^The contract cannot be issued\. Missing: .*Language of instruction/);
      const panel = await get<StaffEnrolment>(crmEnrolmentPaths.enrolment(application.id), admin);
      expect(panel.body.contract).toBeNull();
      expect(panel.body.missing.join(' ')).toMatch(/Language of instruction/);
      const { rows } = await server.db.pool.query('SELECT 1 FROM contracts WHERE application_id = $1', [application.id]);
      expect(rows).toHaveLength(0);
    } finally {
      await server.db.pool.query(`UPDATE program_terms SET language = 'English' WHERE course_id = $1`, [application.courseId]);
    }
  }, 120_000);

  it('is signed against the hash of the exact PDF shown; a tampered PDF or a missing tick is refused', async () => {
    const { application, token, contract } = await issued();
    const pdf = await pdfOf(contract._id, token);
    expect(sha(pdf)).toBe(contract.pdf_sha256);
    expect((await PDFDocument.load(pdf)).getPageCount()).toBeGreaterThan(0);
    const tampered = Buffer.concat([pdf, Buffer.from('\n% changed\n')]);
    const acks = contract.acknowledgements.map((a) => a.key);
    const base = { contract_id: contract._id, name: 'Grace Hopper', acknowledgements: acks };
    const mismatch = await post<{ message: string }>(applicantEnrolmentPaths.sign, { ...base, pdf_sha256: sha(tampered) }, token);
    expect(mismatch).toEqual({ status: 409, body: { message: HASH_MISMATCH_MESSAGE } });
    const unticked = await post<{ errors: Record<string, string> }>(
      applicantEnrolmentPaths.sign,
      { ...base, pdf_sha256: sha(pdf), acknowledgements: acks.slice(1) },
      token,
    );
    expect(unticked.status).toBe(400);
    expect(Object.keys(unticked.body.errors)).toEqual([`ack_${acks[0]}`]);
    const ok = await post<ApplicantEnrolment>(applicantEnrolmentPaths.sign, { ...base, pdf_sha256: sha(pdf) }, token);
    expect(ok.body.contract?.status).toBe('signed');
    const { rows } = await server.db.pool.query<{ signed_agent: string; signed_sha256: string; signed_ip: string }>(
      'SELECT signed_agent, signed_sha256, signed_ip FROM contracts WHERE id = $1',
      [contract._id],
    );
    expect(rows[0]).toMatchObject({ signed_agent: 'jest-browser/1.0', signed_sha256: sha(pdf) });
    expect(rows[0]?.signed_ip).toBeTruthy();
    expect(await timeline(application.leadId)).toEqual(expect.arrayContaining(['contract_issued', 'contract_signed']));
  }, 120_000);

  it('is countersigned by admins and granted staff only; the copy carries the signature page and starts the cooling-off', async () => {
    const { application, contract, token, pdf } = await signed();
    await server.db.pool.query('UPDATE leads SET owner_id = $2 WHERE id = $1', [application.leadId, ann.id]);
    const refused = await post<{ message: string }>(crmEnrolmentPaths.countersign(contract._id), {}, ann.token);
    expect(refused).toEqual({ status: 403, body: { message: SIGN_CONTRACTS_ONLY_MESSAGE } });
    await server.db.pool.query('UPDATE users SET sign_contracts = true WHERE id = $1', [ann.id]);
    // The copy is held back meanwhile, so the state before its delivery can be seen.
    await server.ctx.mailer.stop();
    const done = await post<StaffEnrolment>(crmEnrolmentPaths.countersign(contract._id), {}, ann.token);
    expect(done.body.contract).toMatchObject({ status: 'countersigned', college_signature: { name: 'Ann Counsellor' } });
    await server.db.pool.query('UPDATE users SET sign_contracts = false WHERE id = $1', [ann.id]);

    const { rows } = await server.db.pool.query<{ envelope: { messageId: string; attachments: { content: string }[] }; subject: string }>(
      `SELECT m.envelope, m.subject FROM mail_queue m JOIN contracts c ON c.copy_mail_id = m.id WHERE c.id = $1`,
      [contract._id],
    );
    const copy = rows[0];
    expect(copy?.subject).toMatch(/Your signed enrolment contract/);
    expect(copy?.envelope.messageId).toMatch(new RegExp(`^contract-${contract._id}-v1@`));
    const final = Buffer.from(copy?.envelope.attachments[0]?.content ?? '', 'base64');
    expect(sha(final)).toBe(done.body.contract?.final_sha256);
    expect((await PDFDocument.load(final)).getPageCount()).toBe((await PDFDocument.load(pdf)).getPageCount() + 1);

    // Not delivered yet: no deadline. Delivered: the deadline from the recorded delivery.
    expect((await get<ApplicantEnrolment>(applicantEnrolmentPaths.contract, token)).body.contract?.cooling_off_ends_at).toBeNull();
    server.ctx.mailer.start();
    await server.ctx.mailer.flush();
    const seen = (await get<ApplicantEnrolment>(applicantEnrolmentPaths.contract, token)).body.contract;
    const sent = await server.db.pool.query<{ sent_at: Date }>(
      'SELECT sent_at FROM mail_queue WHERE id = (SELECT copy_mail_id FROM contracts WHERE id = $1)',
      [contract._id],
    );
    const sentAt = sent.rows[0]?.sent_at ?? new Date(0);
    expect(seen?.copy_delivered_at).toBe(sentAt.toISOString());
    expect(seen?.cooling_off_ends_at).toBe(coolingOffEndsAt(sentAt).toISOString());
    expect(await timeline(application.leadId)).toEqual(expect.arrayContaining(['contract_countersigned', 'copy_delivered']));
  }, 120_000);

  it('enrols at the end of the cooling-off, not before, once; the lead becomes a current student', async () => {
    const { application, contract } = await countersigned();
    await server.ctx.leadLife.settle();
    await server.ctx.mailer.flush();
    await runEnrolmentPass({ db: server.db, now: () => new Date() });
    const { rows } = await server.db.pool.query<{ cooling_off_ends_at: Date }>('SELECT cooling_off_ends_at FROM contracts WHERE id = $1', [
      contract._id,
    ]);
    const endsAt = rows[0]?.cooling_off_ends_at ?? new Date();
    const status = async () =>
      (await server.db.pool.query<{ status: string }>('SELECT status FROM contracts WHERE id = $1', [contract._id])).rows[0]?.status;
    await runEnrolmentPass({ db: server.db, now: () => new Date(endsAt.getTime() - 1) });
    expect(await status()).toBe('countersigned');
    expect((await runEnrolmentPass({ db: server.db, now: () => endsAt })).enrolled).toBeGreaterThanOrEqual(1);
    expect(await status()).toBe('enrolled');
    // A second pass (another instance, a retried job) changes nothing.
    await runEnrolmentPass({ db: server.db, now: () => endsAt });
    const lead = await server.db.pool.query<{ stage: number }>('SELECT stage FROM leads WHERE id = $1', [application.leadId]);
    expect(lead.rows[0]?.stage).toBe(6);
    expect((await timeline(application.leadId)).filter((a) => a === 'enrolled')).toHaveLength(1);
  }, 120_000);

  it('is cancelled within the cooling-off with a full refund of everything paid, due in 30 days; after it, refused', async () => {
    const { application, contract, token } = await issued();
    // The service fee, collected before the contract is signed.
    const paid = await post(
      crmEnrolmentPaths.payments(application.id),
      { request_key: `fee-${application.id}`, amount_cents: 10_000, method: 'card', reference: 'T-1' },
      admin,
    );
    expect(paid.status).toBe(200);
    const pdf = await pdfOf(contract._id, token);
    await post(
      applicantEnrolmentPaths.sign,
      {
        contract_id: contract._id,
        pdf_sha256: sha(pdf),
        name: 'Grace Hopper',
        acknowledgements: contract.acknowledgements.map((a) => a.key),
      },
      token,
    );
    await post(crmEnrolmentPaths.countersign(contract._id), {}, admin);
    await server.ctx.leadLife.settle();
    await server.ctx.mailer.flush();
    const cancelled = await post<ApplicantEnrolment>(applicantEnrolmentPaths.cancel, { contract_id: contract._id }, token);
    expect(cancelled.body.contract?.status).toBe('cancelled');
    const refund = await server.db.pool.query<{ basis: string; amount_cents: number; due_at: Date; notice_received_at: Date }>(
      'SELECT basis, amount_cents, due_at, notice_received_at FROM refund_obligations WHERE contract_id = $1',
      [contract._id],
    );
    expect(refund.rows).toHaveLength(1);
    expect(refund.rows[0]).toMatchObject({ basis: 'cooling_off', amount_cents: 10_000 });
    const notice = refund.rows[0]?.notice_received_at ?? new Date();
    expect(refund.rows[0]?.due_at.getTime()).toBe(notice.getTime() + 30 * 86_400_000);
    const mails = await server.db.pool.query<{ subject: string }>('SELECT subject FROM mail_queue WHERE to_address = $1 ORDER BY id', [
      application.email,
    ]);
    expect(mails.rows.map((m) => m.subject)).toEqual(expect.arrayContaining([expect.stringMatching(/is cancelled$/)]));

    // A second contract, past its deadline by the server's clock: a staff-recorded notice is refused.
    const late = await countersigned();
    await server.ctx.leadLife.settle();
    await server.ctx.mailer.flush();
    const panel = await get<StaffEnrolment>(crmEnrolmentPaths.enrolment(late.application.id), admin);
    clock = new Date(new Date(panel.body.contract?.cooling_off_ends_at ?? 0).getTime() + 1);
    const refused = await post<{ message: string }>(
      crmEnrolmentPaths.cancel(late.contract._id),
      { received_at: clock.toISOString() },
      admin,
    );
    expect(refused).toEqual({ status: 409, body: { message: PERIOD_OVER_MESSAGE } });
    const applicantRefused = await post<{ message: string }>(
      applicantEnrolmentPaths.cancel,
      { contract_id: late.contract._id },
      late.token,
    );
    expect(applicantRefused.body).toEqual({ message: PERIOD_OVER_MESSAGE });
  }, 180_000);

  it('keeps a signed version unchanged: an amendment is a new version that must be signed again', async () => {
    const { application, contract } = await signed();
    const amended = await post<StaffEnrolment>(crmEnrolmentPaths.issue(application.id), {}, admin);
    expect(amended.body.contract).toMatchObject({ version: 2, status: 'issued', student_signature: null });
    expect(amended.body.versions.map((v) => [v.version, v.status])).toEqual([
      [2, 'issued'],
      [1, 'superseded'],
    ]);
    const old = await server.db.pool.query<{ signed_name: string; pdf_sha256: string }>(
      'SELECT signed_name, pdf_sha256 FROM contracts WHERE id = $1',
      [contract._id],
    );
    expect(old.rows[0]).toEqual({ signed_name: 'Grace Brewster Hopper', pdf_sha256: contract.pdf_sha256 });
  }, 120_000);

  it('is in the privacy export; anonymisation keeps the contract and the money, drops the signature’s address and browser', async () => {
    const { application, contract } = await countersigned();
    await post(
      crmEnrolmentPaths.payments(application.id),
      { request_key: `tuition-${application.id}`, amount_cents: 250_000, method: 'cheque', reference: 'Cheque 104' },
      admin,
    );
    const exported = await get<PrivacyExport>(`/api/crm/leads/${application.leadId}/privacy-export`, admin);
    expect(exported.status).toBe(200);
    const rowsOf = (table: string) => exported.body.sections.find((section) => section.table === table)?.rows ?? [];
    const [row] = rowsOf('contracts');
    expect(row).toMatchObject({ id: contract._id, signed_name: 'Grace Brewster Hopper', signed_agent: 'jest-browser/1.0' });
    expect(Buffer.from(String(row?.final_pdf_base64), 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expect(row).not.toHaveProperty('pdf');
    const [entry] = rowsOf('ledger_entries');
    expect(entry).toMatchObject({ amount_cents: 250_000, reference: 'Cheque 104' });
    // The receipt is kept as it was mailed: staff open the same bytes the student received.
    const mailed = await server.db.pool.query<{ envelope: { attachments: { content: string }[] } }>(
      'SELECT m.envelope FROM mail_queue m JOIN ledger_entries e ON e.receipt_mail_id = m.id WHERE e.id = $1',
      [entry?.id],
    );
    const attached = mailed.rows[0]?.envelope.attachments[0]?.content;
    expect(entry?.receipt_pdf_base64).toBe(attached);
    const served = await server.app.inject({ url: crmEnrolmentPaths.receipt(String(entry?.id)), headers: bearer(admin) });
    expect(served.rawPayload.toString('base64')).toBe(attached);

    const anonymised = await server.app.inject({
      method: 'POST',
      url: `/api/crm/leads/${application.leadId}/anonymise`,
      headers: bearer(admin),
      payload: {},
    });
    expect(anonymised.statusCode).toBe(200);
    const kept = await server.db.pool.query<{ signed_name: string; signed_ip: string | null; signed_agent: string | null; final: boolean }>(
      'SELECT signed_name, signed_ip, signed_agent, final_pdf IS NOT NULL AS final FROM contracts WHERE id = $1',
      [contract._id],
    );
    expect(kept.rows[0]).toEqual({ signed_name: 'Grace Brewster Hopper', signed_ip: null, signed_agent: null, final: true });
    const money = await server.db.pool.query('SELECT amount_cents FROM ledger_entries WHERE application_id = $1', [application.id]);
    expect(money.rows).toEqual([{ amount_cents: 250_000 }]);
  }, 120_000);
});
