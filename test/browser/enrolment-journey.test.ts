/** @jest-environment node */
/**
 * Issue 34's journey, as people do it: an admitted applicant (an accepted admission, as the portal
 * journey ends) reads and signs the contract on a phone (390 px) → an admin countersigns in the
 * CRM → the copy arrives by SMTP with its signature page and the hash → the clock passes the
 * cooling-off (the enrolment pass run at a later "now", as its job runs it) → the lead is a
 * "Current Student". A second student who paid the service fee cancels within the cooling-off in
 * two clicks → a full refund of everything paid, due in 30 days, is on Refunds and is recorded
 * with a receipt e-mailed. axe and no sideways scroll on each screen; screenshots at both widths.
 */
import { createHash } from 'node:crypto';
import { simpleParser } from 'mailparser';
import { PDFDocument } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { axeViolations, describeBrowser, describeViolations, eventually, sidewaysOverflow, toastsClosed } from '../support/browser';
import { useBrowserApp } from '../support/browser-app';
import { openSignedIn } from '../support/staff';
import { insertAdmittedApplication, type AdmittedApplication } from '../support/enrolment';
import { createApplicantSession } from '../../server/applications/applicant-session';
import { runEnrolmentPass } from '../../server/enrolment/enrolment-pass';
import { formatCents } from '../../src/ledger-contract';

const SHOTS = '/tmp/shots/enrolment';
const PHONE = { width: 390, height: 844 };

describeBrowser('enrolment: contract, signatures, cooling-off, refund', () => {
  const app = useBrowserApp({ screenshots: SHOTS, smtp: true });

  async function checked(page: Page, name: string): Promise<void> {
    await toastsClosed(page);
    await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
    expect(describeViolations(await axeViolations(page))).toEqual([]);
    expect(await sidewaysOverflow(page)).toBe(0);
  }

  /** The applicant's portal on a phone, signed in with a session of their own. */
  async function portal(application: AdmittedApplication): Promise<Page> {
    const token = await createApplicantSession(app.server.db.pool, application.email);
    const context = await app.browser.newContext({ viewport: PHONE });
    await context.addInitScript((t) => window.localStorage.setItem('college.applicant.token', t), token);
    const page = await context.newPage();
    await page.goto(`${app.url}/apply`);
    return page;
  }

  async function staffPage(path: string): Promise<Page> {
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await openSignedIn(page, app.server, path);
    return page;
  }

  async function signInPortal(student: Page, name: string): Promise<void> {
    const contract = student.getByRole('region', { name: 'Your enrolment contract' });
    await contract.getByRole('table', { name: /fees/i }).waitFor();
    for (const box of await contract.getByRole('checkbox').all()) await box.check();
    await contract.getByLabel('Your full legal name').fill(name);
    await contract.getByRole('button', { name: 'Sign the contract' }).click();
    await contract.getByText('Signed by you, waiting for the college').waitFor();
  }

  test('sign on a phone → countersign → the copy → two days later, a current student', async () => {
    const application = await insertAdmittedApplication(app.server, { firstName: 'Grace', lastName: 'Hopper' });
    const staff = await staffPage(`/crm/applications/${application.id}`);
    const panel = staff.getByRole('region', { name: 'Enrolment contract' });
    await panel.getByRole('button', { name: 'Issue contract' }).click();
    await panel.getByText('Issued, waiting for the student').waitFor();

    const student = await portal(application);
    await student.getByRole('heading', { name: 'Your enrolment contract' }).waitFor();
    await checked(student, 'contract-390');
    // Signing without the ticks names each one.
    await student.getByRole('button', { name: 'Sign the contract' }).click();
    await expect(student.getByText('Please tick this acknowledgement.').count()).resolves.toBeGreaterThan(0);
    await signInPortal(student, 'Grace Brewster Hopper');
    await checked(student, 'signed-390');

    await staff.reload();
    await panel.getByRole('button', { name: 'Countersign' }).click();
    await panel.getByText('Signed by both, in the cooling-off period').waitFor();
    await checked(staff, 'countersigned-1280');

    // The copy, as the Act's "copy": the final PDF attached, one page longer, its hash in the text.
    const mail = await app.smtp.waitForMail(application.email, 30_000, (m) => m.subject.startsWith('Your signed enrolment contract'));
    const parsed = await simpleParser(mail.raw);
    const attached = parsed.attachments[0];
    if (!attached) throw new Error('the copy has no attachment');
    const hash = createHash('sha256').update(attached.content).digest('hex');
    expect(parsed.text).toContain(hash);
    const final = await PDFDocument.load(attached.content);
    const { rows } = await app.server.db.pool.query<{ pdf: Buffer }>('SELECT pdf FROM contracts WHERE application_id = $1', [
      application.id,
    ]);
    expect(final.getPageCount()).toBe((await PDFDocument.load(rows[0]?.pdf ?? Buffer.alloc(0))).getPageCount() + 1);
    await staff.reload();
    await panel.getByText(hash).waitFor();

    await student.reload();
    await student.getByText(/You may cancel this contract until .*\(Toronto time\)/).waitFor();
    await checked(student, 'cooling-off-390');

    // The clock passes the cooling-off.
    const ends = await app.server.db.pool.query<{ at: Date }>('SELECT cooling_off_ends_at AS at FROM contracts WHERE application_id = $1', [
      application.id,
    ]);
    await runEnrolmentPass({ db: app.server.db, now: () => new Date((ends.rows[0]?.at ?? new Date()).getTime() + 1000) });
    await student.reload();
    await student.getByText(/You are enrolled/).waitFor();
    await staff.goto(`${app.url}/crm/leads/${application.leadId}`);
    // The stage's name is also in the hidden lists of the stage picker: the visible one is waited for.
    await staff.getByText('Current Student').filter({ visible: true }).first().waitFor();
    await staff.getByText(/Cooling-off period ended without a cancellation/).waitFor();
    await checked(staff, 'lead-enrolled-1280');
    await student.context().close();
    await staff.context().close();
  }, 300_000);

  test('a cancellation within the cooling-off owes everything paid, due in 30 days; recorded with a receipt', async () => {
    const application = await insertAdmittedApplication(app.server, { firstName: 'Alan', lastName: 'Turing' });
    const staff = await staffPage(`/crm/applications/${application.id}`);
    const panel = staff.getByRole('region', { name: 'Enrolment contract' });
    // The service fee before the contract, recorded on the ledger.
    await panel.getByRole('button', { name: 'Record a payment' }).click();
    const payDialog = staff.getByRole('dialog');
    await payDialog.getByLabel(/Amount/).fill('100.00');
    await payDialog.getByLabel('Method').selectOption('card');
    await payDialog.getByRole('button', { name: /Record/ }).click();
    await app.smtp.waitForMail(application.email, 30_000, (m) => /receipt/i.test(m.subject));
    await panel.getByRole('button', { name: 'Issue contract' }).click();
    await panel.getByText('Issued, waiting for the student').waitFor();

    const student = await portal(application);
    await signInPortal(student, 'Alan Mathison Turing');
    await staff.reload();
    await panel.getByRole('button', { name: 'Countersign' }).click();
    await app.smtp.waitForMail(application.email, 30_000, (m) => m.subject.startsWith('Your signed enrolment contract'));

    await student.reload();
    await student.getByRole('button', { name: 'Cancel my enrolment' }).click();
    await student.getByRole('button', { name: 'Yes, cancel my enrolment' }).click();
    await student.getByText(/You cancelled this contract on/).waitFor();
    await checked(student, 'cancelled-390');
    await app.smtp.waitForMail(application.email, 30_000, (m) => m.subject.endsWith('is cancelled'));

    await staff.goto(`${app.url}/crm/refunds`);
    const owed = staff.getByRole('listitem').filter({ hasText: 'Alan Turing' });
    await owed.getByText(formatCents(10_000)).waitFor();
    await owed.getByText(/Cancelled within the two-day cooling-off/).waitFor();
    const due = await app.server.db.pool.query<{ days: number }>(
      `SELECT extract(epoch FROM due_at - notice_received_at) / 86400 AS days FROM refund_obligations WHERE application_id = $1`,
      [application.id],
    );
    expect(Number(due.rows[0]?.days)).toBe(30);
    await checked(staff, 'refunds-1280');
    await owed.getByRole('button', { name: /Record refund/ }).click();
    const dialog = staff.getByRole('dialog');
    await dialog.getByLabel('Method').selectOption('e_transfer');
    const receipts = () => app.smtp.messages.filter((m) => m.to.includes(application.email) && /receipt/i.test(m.subject)).length;
    expect(receipts()).toBe(1);
    await dialog.getByRole('button', { name: 'Record and e-mail the receipt' }).click();
    await eventually(async () => receipts(), 2, 30_000);
    await owed.getByText(/Refunded/i).waitFor();
    await staff.setViewportSize(PHONE);
    await checked(staff, 'refunds-390');
    await student.context().close();
    await staff.context().close();
  }, 300_000);
});
