/** @jest-environment node */
/**
 * Issue 32, as an admin sees it: the CRM dashboard says "The last backup is N days old" (or "No
 * backup has been made yet") with what to do once the last successful backup is over two days old,
 * in the product's notice style, at 1280 and 390 px, with no axe violation. Not for a backup a day
 * old, and never for a counsellor (who does not even ask). Time is set by the rows' timestamps.
 */
import type { Page } from 'playwright-core';
import { axeViolations, describeBrowser, describeViolations, sidewaysOverflow } from '../support/browser';
import { useBrowserApp } from '../support/browser-app';
import { openSignedIn, sessionOf, storeSignIn } from '../support/staff';
import { addStaff } from '../support/crm-staff';

const DAY = 86_400_000;
const STATUS_PATH = '/api/crm/dashboard/backup';

describeBrowser('CRM dashboard backup notice', () => {
  const app = useBrowserApp({ screenshots: '/tmp/shots' });

  const succeededAgo = (ms: number) =>
    app.server.db.pool.query(
      `INSERT INTO backup_runs (reason, started_at, finished_at, ok, file, bytes) VALUES ('scheduled', $1, $1, true, '/backups/x.tar', 1)`,
      [new Date(Date.now() - ms)],
    );
  const notice = (page: Page) => page.locator('p').filter({ hasText: /The last backup is \d+ days? old|No backup has been made yet/ });
  /** Waits until the dashboard's leads have loaded and the page has painted once more. */
  async function dashboardLoaded(page: Page): Promise<void> {
    await page.getByRole('heading', { name: 'Newest leads' }).waitFor();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  }

  beforeEach(async () => {
    await app.server.db.pool.query('DELETE FROM backup_runs');
  });

  test('an admin is told the last backup is 3 days old, at 1280 and 390 px; none ever on an old database says so', async () => {
    await succeededAgo(3 * DAY + 3_600_000);
    const page = await app.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const status = page.waitForResponse((res) => res.url().endsWith(STATUS_PATH));
    await openSignedIn(page, app.server, '/crm/dashboard');
    expect((await status).status()).toBe(200);
    const shown = notice(page);
    await shown.waitFor();
    expect(await shown.textContent()).toMatch(/^The last backup is 3 days old \(it finished [^)]+\)\. /);
    expect(await shown.textContent()).toContain('npm run backup');
    expect(await shown.getAttribute('class')).toBe('crm-alert crm-alert--info');
    await page.screenshot({ path: '/tmp/shots/crm-backup-notice-1280.png', fullPage: false });
    expect(describeViolations(await axeViolations(page))).toEqual([]);

    await page.setViewportSize({ width: 390, height: 844 });
    await shown.waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: '/tmp/shots/crm-backup-notice-390.png', fullPage: false });
    expect(describeViolations(await axeViolations(page))).toEqual([]);

    await app.server.db.pool.query('DELETE FROM backup_runs');
    await app.server.db.pool.query(`UPDATE schema_migrations SET applied_at = applied_at - interval '3 days'`);
    try {
      await page.reload();
      await notice(page).filter({ hasText: 'No backup has been made yet. On the server' }).waitFor();
    } finally {
      await app.server.db.pool.query(`UPDATE schema_migrations SET applied_at = applied_at + interval '3 days'`);
    }
    await page.close();
  }, 60_000);

  test('a backup one day old shows no notice', async () => {
    await succeededAgo(DAY + 3_600_000);
    const page = await app.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const status = page.waitForResponse((res) => res.url().endsWith(STATUS_PATH));
    await openSignedIn(page, app.server, '/crm/dashboard');
    expect(await (await status).json()).toMatchObject({ days_old: 1, stale: false });
    await dashboardLoaded(page);
    expect(await notice(page).count()).toBe(0);
    await page.close();
  }, 60_000);

  test('a counsellor never sees it, nor asks for it', async () => {
    await succeededAgo(3 * DAY + 3_600_000);
    const counsellor = await addStaff(app.server, 'Cleo Counsellor');
    const page = await app.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith(STATUS_PATH)) asked.push(request.url());
    });
    await storeSignIn(page, app.server, sessionOf(counsellor));
    // The own account says the role: once it has loaded, the dashboard knows this is not an admin.
    const account = page.waitForResponse((res) => res.url().endsWith('/api/users/account'));
    await page.goto(`${app.url}/crm/dashboard`);
    expect((await account).status()).toBe(200);
    await dashboardLoaded(page);
    expect(await notice(page).count()).toBe(0);
    expect(asked).toEqual([]);
    await page.close();
  }, 60_000);
});
