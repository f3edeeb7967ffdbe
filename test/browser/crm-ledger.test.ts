/** @jest-environment node */
/**
 * Issue 34 in the CRM: on an admitted student's application page, the ledger shows the service-fee
 * cap before the contract; staff record a payment (a double click records once) and open its
 * receipt; on the Refunds page an overdue refund is listed first, marked "Overdue", and recorded
 * with its receipt. axe and no sideways scrolling on each screen, screenshots at 1280 and 390 px.
 */
import type { Locator, Page } from 'playwright-core';
import { axeViolations, describeBrowser, describeViolations, sidewaysOverflow, toastsClosed } from '../support/browser';
import { useBrowserApp } from '../support/browser-app';
import { openSignedIn } from '../support/staff';
import { staffToken } from '../support/lead-fixtures';
import { insertAdmittedApplication, seededCourseId, type AdmittedApplication } from '../support/enrolment';
import { moneyCalls, setProgramFees } from '../support/enrolment-money';

const SHOTS = '/tmp/shots/ledger';
const DAY = 86_400_000;

describeBrowser('CRM ledger and refunds', () => {
  const app = useBrowserApp({ screenshots: SHOTS, page: 'suite', viewport: { width: 1280, height: 900 } });
  let student: AdmittedApplication;
  let overdue: AdmittedApplication;

  beforeAll(async () => {
    const courseId = await seededCourseId(app.server);
    await setProgramFees(app.server, courseId, 1_200_000);
    const token = await staffToken(app.server);
    const calls = moneyCalls(app.server, () => token);
    student = await insertAdmittedApplication(app.server, { courseId, answers: { first_name: 'Mary', last_name: 'Jackson' } });
    // A recent notice first, then an older one now overdue: the page orders by lateness, not by creation.
    const recent = await insertAdmittedApplication(app.server, { courseId, answers: { first_name: 'Dorothy', last_name: 'Vaughan' } });
    await calls.pay(recent.id, { amount_cents: 30_000 });
    await calls.notice(recent.id, { basis: 'discontinued', notice_received_at: new Date(Date.now() - DAY).toISOString() });
    overdue = await insertAdmittedApplication(app.server, { courseId, answers: { first_name: 'Katherine', last_name: 'Johnson' } });
    await calls.pay(overdue.id, { amount_cents: 45_000 });
    await calls.notice(overdue.id, { basis: 'discontinued', notice_received_at: new Date(Date.now() - 40 * DAY).toISOString() });
  });

  async function check(page: Page, name: string, part: Locator): Promise<void> {
    await page.mouse.move(1280, 0);
    await toastsClosed(page);
    await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
    expect(describeViolations(await axeViolations(page))).toEqual([]);
    expect(await sidewaysOverflow(page)).toBe(0);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await sidewaysOverflow(page)).toBe(0);
    expect(describeViolations(await axeViolations(page))).toEqual([]);
    // The CRM's content scrolls inside its own pane, which a full-page shot does not unroll: the part in question, whole.
    await part.screenshot({ path: `${SHOTS}/${name}-390.png` });
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  test('record a payment and open its receipt; the Refunds page lists the overdue refund first and records it', async () => {
    const page = app.page;
    await openSignedIn(page, app.server, `/crm/applications/${student.id}`);
    await page.getByRole('heading', { name: 'Application: Mary Jackson' }).waitFor();
    const ledger = page.getByRole('region', { name: 'Fees and payments' });
    await ledger.getByText(/may collect only a service fee of at most \$500\.00/).waitFor();

    await ledger.getByRole('button', { name: 'Record a payment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record a payment' });
    await dialog.getByLabel('Amount (CAD)').fill('250');
    await dialog.getByLabel('Method').selectOption('card');
    await dialog.getByLabel('Reference (optional)').fill('Terminal 4471');
    await check(page, 'payment-dialog', dialog);
    // A double click sends the same request key twice: one payment, one receipt.
    await dialog.getByRole('button', { name: 'Record and e-mail the receipt' }).dblclick();
    await page.getByText('Payment of $250.00 recorded; the receipt was e-mailed to the student.').first().waitFor();
    const table = ledger.getByRole('table');
    const receipt = table.getByRole('button', { name: /^Receipt \d+ \(PDF\)$/ });
    await receipt.waitFor();
    await expect(receipt.count()).resolves.toBe(1);
    await ledger.getByText('$250.00 has been collected.').waitFor();
    const [response, popup] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/receipt')),
      page.waitForEvent('popup'),
      receipt.click(),
    ]);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    await popup.close();
    await check(page, 'ledger', ledger);
    const entries = await app.server.db.pool.query('SELECT 1 FROM ledger_entries WHERE application_id = $1', [student.id]);
    expect(entries.rows).toHaveLength(1);

    await page.getByRole('navigation', { name: 'CRM' }).getByRole('link', { name: 'Refunds', exact: true }).click();
    await page.getByRole('heading', { name: 'Refunds', level: 1 }).waitFor();
    const first = page.locator('.crm-refunds > li').first();
    await first.getByRole('link', { name: 'Katherine Johnson' }).waitFor();
    await first.getByText('Overdue', { exact: true }).waitFor();
    await first.getByText('$450.00').waitFor();
    await first.getByText(/O\. Reg\. 415\/06, s\. 25/).waitFor();
    await check(page, 'refunds', page.locator('.crm-refunds'));

    await first.getByRole('button', { name: 'Record refund to Katherine Johnson' }).click();
    const record = page.getByRole('dialog', { name: 'Record refund to Katherine Johnson' });
    await expect(record.getByLabel('Amount refunded (CAD)').inputValue()).resolves.toBe('450.00');
    await record.getByLabel('Method').selectOption('cheque');
    await record.getByLabel('Reference (optional)').fill('Cheque 118');
    await check(page, 'refund-dialog', record);
    await record.getByRole('button', { name: 'Record and e-mail the receipt' }).click();
    await page.getByText('Refund of $450.00 to Katherine Johnson recorded; the receipt was e-mailed.').first().waitFor();
    await page.locator('.crm-refunds > li').last().getByText('Refunded', { exact: true }).waitFor();
    await page.locator('.crm-refunds > li').first().getByRole('link', { name: 'Dorothy Vaughan' }).waitFor();
    await check(page, 'refunds-recorded', page.locator('.crm-refunds'));
    const mails = await app.server.db.pool.query<{ subject: string }>('SELECT subject FROM mail_queue WHERE to_address = $1 ORDER BY id', [
      overdue.email,
    ]);
    expect(mails.rows.map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Your receipt \d+ from /),
      expect.stringMatching(/^Your receipt \d+ from /),
    ]);
  }, 300_000);
});
