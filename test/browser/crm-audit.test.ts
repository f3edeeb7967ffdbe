/** @jest-environment node */
/**
 * Issue 21, as an admin uses it: the Audit log page (admins only, a link in the CRM navigation)
 * lists sign-ins and failures with the client address, filters by action, person and dates (kept
 * in the URL), and downloads the log as CSV, which then shows up in the log itself. A counsellor
 * has no link and is told the page is for admins.
 */
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { axeViolations, describeBrowser, describeViolations } from '../support/browser';
import { useBrowserApp } from '../support/browser-app';
import { ADMIN_EMAIL, openSignedIn, sessionOf, signInInBrowser, storeSignIn } from '../support/staff';
import { addStaff } from '../support/crm-staff';
import { AUDIT_CSV_COLUMNS } from '../../server/audit/audit-store';
import { FIRST_ADMIN_NAME } from '../../server/auth/first-admin';
import { MANUAL_ENROLMENT_ONLY } from '../../src/sequence-text';

describeBrowser('CRM audit log', () => {
  const app = useBrowserApp({ screenshots: '/tmp/shots' });

  const nav = (page: Page) => page.getByRole('navigation', { name: 'CRM' });
  const status = (page: Page) => page.getByRole('region', { name: 'Results' }).getByRole('status');

  test('an admin filters the log and downloads it as CSV; the download is recorded', async () => {
    const failed = await fetch(`${app.url}/api/users/signin`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: 'wrong password 1' }),
    });
    expect(failed.status).toBe(401);
    const context = await app.browser.newContext({ acceptDownloads: true, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signInInBrowser(page, app.server);
    await nav(page).getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
    const table = page.getByRole('table');
    await table.getByRole('cell', { name: 'Signed in' }).first().waitFor();
    await table.getByRole('cell', { name: 'Sign-in failed' }).first().waitFor();
    expect(await table.getByRole('cell', { name: /127\.0\.0\.1/ }).count()).toBeGreaterThan(0);
    await page.screenshot({ path: '/tmp/shots/crm-audit-1280.png', fullPage: true });
    expect(describeViolations(await axeViolations(page))).toEqual([]);

    // By action: only the failure, and the filter is in the address.
    await page.getByLabel('Action').selectOption({ label: 'Sign-in failed' });
    await page.waitForURL(/action=signin\.failed/);
    await status(page).filter({ hasText: '1 entry' }).waitFor();
    expect(await table.getByRole('row').count()).toBe(2);
    await table.getByRole('cell', { name: /Reason: password/ }).waitFor();

    // By person and dates: nothing before today; the admin's own entries today.
    await page.getByLabel('From (date)').fill('2001-01-01');
    await page.getByLabel('To (date)').fill('2001-12-31');
    await page.getByText('No entries match these filters.').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByLabel('Person').selectOption({ label: FIRST_ADMIN_NAME });
    await page.waitForURL(/person=[0-9a-f]{24}/);
    await table.getByRole('cell', { name: 'Signed in' }).first().waitFor();

    // The CSV holds what the page shows, and the download is itself in the log.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = fs.readFileSync(await (await download).path(), 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const [header, ...rows] = csv.slice(1).split('\r\n').filter(Boolean);
    expect(header).toBe(AUDIT_CSV_COLUMNS.map(([title]) => `"${title}"`).join(','));
    expect(rows.some((row) => row.includes('"Signed in"'))).toBe(true);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByLabel('Action').selectOption({ label: 'Audit log exported (CSV)' });
    await status(page).filter({ hasText: '1 entry' }).waitFor();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: '/tmp/shots/crm-audit-390.png', fullPage: true });
    expect(describeViolations(await axeViolations(page))).toEqual([]);
    await context.close();
  }, 90_000);

  test('issue 31: a sequence and an assignment rule saved show in the log as readable lines, never JSON', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const { token } = await openSignedIn(page, app.server, '/crm/dashboard');
    const send = (path: string, body: object) =>
      fetch(`${app.url}/api/crm/${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
    const sequence = { name: 'Audit by hand', paused: false, exit_stages: [5], rules: [], steps: [{ kind: 'wait', days: 3 }] };
    expect((await send('sequences', sequence)).status).toBe(201);
    const counsellor = await addStaff(app.server, 'Rita Rules');
    const rule = { name: 'Audit rule', enabled: true, course_type: null, location: 2, cap: null, member_ids: [counsellor.id] };
    expect((await send('assignment/rules', rule)).status).toBe(201);

    await page.goto(`${app.url}/crm/audit?action=sequence.created`);
    const details = page
      .getByRole('table')
      .getByRole('cell')
      .filter({ has: page.getByRole('list') });
    const sequenceLines = details.first().getByRole('listitem');
    await sequenceLines.filter({ hasText: 'Name: Audit by hand' }).waitFor();
    // One line per detail, in the order the database keeps them.
    const lines = await sequenceLines.allInnerTexts();
    expect(lines).toHaveLength(6);
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Sequence id: \d+$/),
        'Name: Audit by hand',
        'Paused: no',
        'Steps: 1',
        `Enrolment: ${MANUAL_ENROLMENT_ONLY}`,
        'Leaves at stages: Prospective student',
      ]),
    );
    await page.goto(`${app.url}/crm/audit`);
    await page.getByRole('listitem').filter({ hasText: 'Counsellors: Rita Rules' }).waitFor();
    await page.getByRole('listitem').filter({ hasText: 'Location: International Student' }).waitFor();
    // No entry on the page reads as JSON: no braces, no quoted keys.
    for (const text of await page.locator('td[data-label="Details"]').allInnerTexts()) expect(text).not.toMatch(/[{}"]/);
    expect(describeViolations(await axeViolations(page))).toEqual([]);
    await page.close();
  }, 60_000);

  test('a counsellor has no link to the log and is told it is for admins', async () => {
    const counsellor = await addStaff(app.server, 'Cleo Counsellor');
    const page = await app.browser.newPage();
    await storeSignIn(page, app.server, sessionOf(counsellor));
    await page.goto(`${app.url}/crm/leads`);
    await nav(page).getByRole('link', { name: 'My work' }).waitFor();
    await page.getByRole('heading', { name: 'Leads' }).waitFor();
    expect(await nav(page).getByRole('link', { name: 'Audit log' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Export CSV' }).count()).toBe(0);
    await page.goto(`${app.url}/crm/audit`);
    await page.getByRole('alert').filter({ hasText: 'Only an admin can read the audit log.' }).waitFor();
    await page.close();
  }, 60_000);
});
