/** @jest-environment node */
/**
 * Issue 11's "done when", as people use it: an admin invites a counsellor, who sets a password
 * from the e-mailed link and signs in; a partner-page inquiry arrives and both notification
 * e-mails reach a real SMTP server; the counsellor assigns the lead to themself, logs a call due
 * today, finds it under Today and later under Overdue, marks it done, changes the stage and sees
 * it all on the lead's timeline; the CSV export opens with the right columns; a deactivated
 * account is signed out and refused at sign-in at once.
 */
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { axeViolations, describeBrowser, describeViolations } from '../support/browser';
import { useBrowserApp } from '../support/browser-app';
import { firstCourse, signInInBrowser } from '../support/staff';
import { toTorontoLocalInput, torontoDayStart } from '../../src/college-time';
import { CSV_COLUMNS } from '../../server/crm/leads-csv';
import { ACCOUNT_INACTIVE_MESSAGE } from '../../server/staff/account-status';

const COUNSELLOR = { name: 'Chidi Counsellor', email: 'chidi@test.example', password: 'orbit lantern pebble 77' };
const ADMISSIONS = 'intake@test.example';

describeBrowser('CRM follow-up work: invitation to a done call', () => {
  const app = useBrowserApp({ env: { ADMISSIONS_EMAIL: ADMISSIONS }, smtp: true, partner: true });

  const toast = (page: Page, text: string) => page.locator('.Toastify__toast').filter({ hasText: text }).first().waitFor();
  const nav = (page: Page, name: string) => page.getByRole('navigation', { name: 'CRM' }).getByRole('link', { name }).click();

  test('the whole journey', async () => {
    // The admin invites a counsellor.
    const adminContext = await app.browser.newContext();
    const admin = await adminContext.newPage();
    await signInInBrowser(admin, app.server);
    await nav(admin, 'Staff');
    await admin.getByLabel('Name', { exact: true }).fill(COUNSELLOR.name);
    await admin.getByLabel('E-mail').fill(COUNSELLOR.email);
    await admin.getByLabel('Role').selectOption({ label: 'Counsellor' });
    await admin.getByRole('button', { name: 'Send invitation' }).click();
    await toast(admin, `Invitation sent to ${COUNSELLOR.email}`);
    await admin.getByRole('rowheader', { name: COUNSELLOR.name }).waitFor();

    // The counsellor opens the e-mailed link, chooses a password and signs in.
    const invitation = await app.smtp.waitForMail(COUNSELLOR.email, 15_000);
    const link = /https?:\/\/\S+\/crm\/welcome\/[0-9a-f]{24}\/[A-Za-z0-9_-]+/.exec(invitation.raw.replace(/=\r?\n/g, ''))?.[0];
    expect(link).toBeDefined();
    const context = await app.browser.newContext({ acceptDownloads: true, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(String(link));
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();
    await page.getByLabel('Password', { exact: true }).fill(COUNSELLOR.password);
    await page.getByLabel('Confirm Password', { exact: true }).fill(COUNSELLOR.password);
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.waitForURL(`${app.url}/crm/login`, { timeout: 10_000 });
    await signInInBrowser(page, app.server, COUNSELLOR.email, COUNSELLOR.password);

    // A visitor on a partner's landing page sends the inquiry form.
    const course = await firstCourse(app.server, 1);
    const visitor = await app.browser.newPage();
    await visitor.goto(`${app.partner.url}/?utm_source=partner`);
    await visitor.waitForFunction(() => typeof (window.CollegeInquiry as { version?: string } | undefined)?.version === 'string');
    await visitor.evaluate(([id]) => window.CollegeInquiry?.open?.(id, 1), [course._id]);
    const form = visitor.getByRole('dialog', { name: 'Student Inquiry Form' });
    await form.getByLabel('First Name *').fill('Octavia');
    await form.getByLabel('Last Name *').fill('Butler');
    await form.getByLabel('Email *').fill('octavia.butler@example.com');
    await form.getByLabel('Phone *').fill('4162345678');
    await form.getByRole('button', { name: 'Submit' }).click();
    await visitor.waitForURL(/thank-you/, { timeout: 10_000 });
    await visitor.close();
    const summary = await app.smtp.waitForMail(ADMISSIONS, 15_000);
    expect(summary.subject).toBe(`New inquiry: ${course.course_name}`);
    expect((await app.smtp.waitForMail('octavia.butler@example.com', 15_000)).subject).toMatch(/^We received your inquiry/);

    // The counsellor finds it among unassigned leads and assigns it to themself.
    await nav(page, 'Leads');
    await page.getByLabel('Owner', { exact: true }).selectOption({ label: 'Unassigned' });
    await page.getByRole('link', { name: 'Octavia Butler' }).click();
    await page.getByRole('heading', { level: 1, name: 'Octavia Butler' }).waitFor();
    expect(await page.getByRole('link', { name: 'octavia.butler@example.com' }).first().getAttribute('href')).toBe(
      'mailto:octavia.butler@example.com',
    );
    expect(await page.getByRole('link', { name: '416-234-5678' }).first().getAttribute('href')).toBe('tel:+14162345678');
    await page.getByRole('button', { name: 'Assign to me' }).click();
    await page.getByRole('button', { name: 'Save stage and owner' }).click();
    await toast(page, 'Owner changed.');

    // Logs a call due later today.
    const now = Date.now();
    const due = new Date(Math.min(now + 5 * 60_000, torontoDayStart(new Date(now), 1).getTime() - 60_000));
    await page.getByText('Log an activity').click();
    await page.getByLabel('Type').selectOption({ label: 'Call' });
    await page.getByLabel('Subject').fill('Call about the fall intake');
    await page.getByLabel('Due (Toronto time)').fill(toTorontoLocalInput(due));
    await page.getByRole('button', { name: 'Log activity' }).click();
    await toast(page, 'Activity logged.');

    // Finds it under Today in My work.
    await nav(page, 'My work');
    await page.getByLabel('Due', { exact: true }).selectOption({ label: 'Today' });
    await page.getByRole('rowheader', { name: 'Call about the fall intake' }).waitFor();
    expect(await page.getByRole('list', { name: 'Open activities' }).innerText()).toContain('1 due today');

    // Later, the call is overdue (time passes: its due time moves into the past, still today).
    await app.server.db.pool.query('UPDATE activities SET due_at = $1', [
      new Date(Math.max(torontoDayStart(new Date()).getTime(), Date.now() - 60_000)),
    ]);
    await page.getByLabel('Due', { exact: true }).selectOption({ label: 'Overdue' });
    const row = page.locator('tr').filter({ has: page.getByRole('rowheader', { name: 'Call about the fall intake' }) });
    await row.getByText('Overdue', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Mark done: Call about the fall intake' }).click();
    await toast(page, 'Done: Call about the fall intake');
    await page.getByText('No activities match these filters.').waitFor();

    // Changes the stage; the timeline shows everything, with who and when.
    await page.getByRole('link', { name: 'Leads' }).first().click();
    await page.getByLabel('Owner', { exact: true }).selectOption({ label: 'Mine' });
    await page.getByRole('link', { name: 'Octavia Butler' }).click();
    await page.getByLabel('Stage', { exact: true }).selectOption({ label: 'Warm Lead' });
    await page.getByRole('button', { name: 'Save stage and owner' }).click();
    await toast(page, 'Stage changed to Warm Lead.');
    await page.getByRole('heading', { level: 2, name: 'Stage: Warm Lead' }).waitFor();
    const timeline = page.locator('ol.crm-timeline');
    await timeline.getByText('Stage changed from New Lead to Warm Lead').waitFor();
    const items = await timeline.locator('li').allInnerTexts();
    expect(items.map((text) => text.split('\n')[0])).toEqual([
      'Stage changed from New Lead to Warm Lead',
      'Marked done: Call about the fall intake',
      expect.stringMatching(/^Call logged: Call about the fall intake Done/),
      `Owner changed from Unassigned to ${COUNSELLOR.name}`,
      'Inquiry received through the inquiry form',
    ]);
    for (const text of items.slice(0, 4)) expect(text).toContain(`by ${COUNSELLOR.name}`);
    await page.screenshot({ path: '/tmp/shots/crm-journey-lead-1280.png', fullPage: true });

    // Exporting personal data needs the export permission (issue 21): no button without it; the
    // admin grants it on the Staff page; then the CSV export opens with the right columns.
    await nav(page, 'Leads');
    await page.getByRole('heading', { name: 'Leads' }).waitFor();
    await page.getByRole('table').first().waitFor();
    expect(await page.getByRole('button', { name: 'Export CSV' }).count()).toBe(0);
    await admin.reload();
    const grant = admin.getByRole('button', { name: `Lead export: ${COUNSELLOR.name}` });
    expect(await grant.getAttribute('aria-pressed')).toBe('false');
    await grant.click();
    await toast(admin, `${COUNSELLOR.name} can now export leads.`);
    await admin.getByRole('cell', { name: 'Counsellor, may export leads' }).waitFor();
    await page.reload();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await (await download).path();
    const csv = fs.readFileSync(file, 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const [header, first] = csv.slice(1).split('\r\n');
    expect(header).toBe(CSV_COLUMNS.map(([title]) => `"${title}"`).join(','));
    expect(first).toContain('"Octavia","Butler","octavia.butler@example.com"');
    expect(first).toContain(`"Warm Lead","${COUNSELLOR.name}"`);

    // The admin deactivates the counsellor: signed out at once, refused at sign-in.
    await admin.reload();
    await admin.getByRole('button', { name: `Deactivate: ${COUNSELLOR.name}` }).click();
    await admin
      .getByRole('alertdialog', { name: `Deactivate ${COUNSELLOR.name}?` })
      .getByRole('button', { name: 'Deactivate', exact: true })
      .click();
    await toast(admin, `${COUNSELLOR.name} was deactivated.`);
    await nav(page, 'My work');
    await page.waitForURL(`${app.url}/crm/login`, { timeout: 10_000 });
    await page.getByLabel('Email').fill(COUNSELLOR.email);
    await page.getByLabel('Password').fill(COUNSELLOR.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await toast(page, ACCOUNT_INACTIVE_MESSAGE);
    expect(new URL(page.url()).pathname).toBe('/crm/login');
    await context.close();
    await adminContext.close();
  }, 120_000);

  test('two people edit one lead: the second save is refused with a message and the page shows the first', async () => {
    const context = await app.browser.newContext();
    const page = await context.newPage();
    await signInInBrowser(page, app.server);
    await nav(page, 'Leads');
    await page.getByRole('link', { name: 'Octavia Butler' }).click();
    await page.getByRole('heading', { level: 2, name: 'Stage: Warm Lead' }).waitFor();
    // A colleague saves first, through the API, from the version this page has read.
    const { rows } = await app.server.db.pool.query<{ id: string; version: number }>(
      "SELECT id, version FROM leads WHERE email = 'octavia.butler@example.com'",
    );
    await app.server.db.pool.query('UPDATE leads SET stage = 2, version = version + 1 WHERE id = $1', [rows[0]?.id]);
    await page.getByLabel('Stage', { exact: true }).selectOption({ label: 'Cold Lead' });
    await page.getByRole('button', { name: 'Save stage and owner' }).click();
    await toast(page, 'Someone else changed this lead while you were looking at it.');
    await page.getByRole('heading', { level: 2, name: 'Stage: Hot Lead' }).waitFor();
    expect(await page.getByLabel('Stage', { exact: true }).inputValue()).toBe('2');
    await context.close();
  }, 60_000);

  test('staff set their own name, and an admin renames a member (issue 31)', async () => {
    for (const width of [1280, 390]) {
      const context = await app.browser.newContext({ viewport: { width, height: width === 390 ? 844 : 900 } });
      const page = await context.newPage();
      await signInInBrowser(page, app.server);
      await page.goto(`${app.url}/crm/account`);
      const name = page.getByLabel('Name', { exact: true });
      await name.waitFor();
      expect(describeViolations(await axeViolations(page, 'main'))).toEqual([]);
      await page.screenshot({ path: `/tmp/shots/crm-account-${width}.png`, fullPage: true });
      if (width === 390) {
        await context.close();
        continue;
      }
      await name.fill('Dana Whitfield');
      await page.getByRole('button', { name: 'Save name' }).click();
      await toast(page, 'Name saved.');
      await nav(page, 'Staff');
      await page.getByRole('rowheader', { name: 'Dana Whitfield (me)' }).waitFor();
      await page.getByRole('button', { name: `Rename: ${COUNSELLOR.name}` }).click();
      const field = page.getByLabel(`New name for ${COUNSELLOR.name}`);
      await field.fill('Chidi Okafor');
      await page.getByRole('button', { name: 'Save name' }).click();
      await toast(page, `${COUNSELLOR.name} is now called Chidi Okafor.`);
      await page.getByRole('rowheader', { name: 'Chidi Okafor' }).waitFor();
      await context.close();
    }
  }, 60_000);
});
