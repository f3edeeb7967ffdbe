/** @jest-environment node */
/**
 * axe-core (WCAG 2.1 A/AA) and layout on the CRM's follow-up screens at desktop and phone widths,
 * with screenshots in /tmp/shots: the dashboard with its charts, the leads list (no mid-word breaks
 * in e-mails and phone numbers at 1280 px), a lead with its timeline, My work, Staff, My account.
 */
import type { Page } from 'playwright-core';
import { axeViolations, describeBrowser, describeViolations, trackPageErrors, sidewaysOverflow } from '../support/browser';
import { useBrowserApp } from '../support/browser-app';
import { createLead, openSignedIn, signInThroughApi } from '../support/staff';
import type { StaffLeadPage } from '../../src/contract';

const SHOTS = '/tmp/shots';
const WIDTHS = [1280, 390] as const;

describeBrowser('CRM follow-up screens: accessibility and layout', () => {
  const app = useBrowserApp({ screenshots: SHOTS });
  let leadId = '';

  beforeAll(async () => {
    await createLead(app.server, {
      first_name: 'Bartholomew',
      last_name: 'Featherstonehaugh-Wainwright',
      email: 'bartholomew.featherstonehaugh-wainwright@example-college-partner.com',
      phone: '+14162345678',
      source: 3,
      location: 2,
    });
    await createLead(app.server, {
      first_name: 'Ada',
      last_name: 'Byron',
      email: 'ada.byron@example.com',
      phone: '+16475550111',
      source: 4,
    });
    const { token, user } = await signInThroughApi(app.server);
    const call = (path: string, method: string, body?: object) =>
      fetch(`${app.url}/api${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body ? JSON.stringify(body) : null,
      });
    const page = (await (await call('/crm/leads?q=bartholomew', 'GET')).json()) as StaffLeadPage;
    leadId = page.leads[0]?._id ?? '';
    await call(`/crm/leads/${leadId}`, 'PATCH', { owner_id: user._id, stage: 3, version: 1 });
    await call(`/crm/leads/${leadId}/notes`, 'POST', { text: 'Asked about evening classes and the payment plan.' });
    await call(`/crm/leads/${leadId}/activities`, 'POST', {
      type: 1,
      subject: 'Call back about the payment plan',
      notes: 'After 5 p.m.',
      owner_id: user._id,
      due_at: new Date(Date.now() - 3_600_000).toISOString(),
    });
  });

  async function check(page: Page, name: string, width: number) {
    const violations = await axeViolations(page);
    expect(describeViolations(violations)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/crm-work-${name}-${width}.png`, fullPage: true });
    const overflow = await sidewaysOverflow(page);
    expect(overflow).toBeLessThanOrEqual(0);
  }

  test.each(WIDTHS)(
    'dashboard, leads, lead, my work, staff and account at %i px',
    async (width) => {
      const context = await app.browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const errors = trackPageErrors(page);
      await openSignedIn(page, app.server, '/crm/dashboard');
      await page.getByRole('heading', { level: 2, name: 'Stage funnel (all leads)' }).waitFor();
      await page.locator('.crm-chart canvas').first().waitFor();
      expect(await page.getByRole('list', { name: 'Open activities' }).innerText()).toContain('1 overdue (mine)');
      // The text alternative: the chart's numbers as a table.
      await page.getByText('Show the data').nth(1).click();
      expect(
        await page
          .getByRole('table', { name: 'Stage funnel (all leads)' })
          .getByRole('row', { name: /Warm Lead/ })
          .innerText(),
      ).toMatch(/Warm Lead\s+1/);
      await check(page, 'dashboard', width);
      // Chart.js runs under the site's strict CSP (no inline styles or scripts): nothing refused.
      expect(errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([]);

      await page.goto(`${app.url}/crm/leads`);
      await page.getByRole('rowheader', { name: 'Bartholomew Featherstonehaugh-Wainwright' }).waitFor();
      await check(page, 'leads', width);
      if (width === 1280) {
        // Each e-mail and phone link sits on one line: no mid-word break.
        const lines = await page.locator('table.crm-table td a').evaluateAll((links) => links.map((a) => a.getClientRects().length));
        expect(lines.length).toBeGreaterThanOrEqual(4);
        expect(lines.every((n) => n === 1)).toBe(true);
      }

      await page.goto(`${app.url}/crm/leads/${leadId}`);
      await page.getByRole('heading', { level: 2, name: 'Timeline' }).waitFor();
      await page.getByText('Asked about evening classes and the payment plan.').waitFor();
      // International: financial aid was never asked, so it is not shown; labels, never raw ids.
      expect(await page.locator('dl.crm-details dt').allInnerTexts()).not.toContain('Financial aid');
      expect(await page.locator('dl.crm-details').innerText()).toContain('Inquiry form');
      await page.getByText('Log an activity').click();
      await page.getByRole('button', { name: 'Edit: Call back about the payment plan' }).click();
      await check(page, 'lead', width);
      if (width === 1280) {
        // Rescheduling: the edit form saves with the activity's version.
        const edit = page.getByRole('form', { name: 'Edit Call back about the payment plan' });
        await edit.getByLabel('Subject').fill('Call back about the payment plan (evening)');
        await edit.getByRole('button', { name: 'Save changes' }).click();
        await page.locator('.Toastify__toast').filter({ hasText: 'Activity saved.' }).waitFor();
        await page.getByText('Call logged: Call back about the payment plan (evening)').waitFor();
        await app.server.db.pool.query("UPDATE activities SET subject = 'Call back about the payment plan', version = version + 1");
      }

      await page.goto(`${app.url}/crm/activities`);
      await page.getByRole('rowheader', { name: 'Call back about the payment plan' }).waitFor();
      await check(page, 'activities', width);

      await page.goto(`${app.url}/crm/staff`);
      await page.getByRole('button', { name: 'Send invitation' }).waitFor();
      await check(page, 'staff', width);

      await page.goto(`${app.url}/crm/account`);
      await page.getByRole('heading', { level: 2, name: 'Change password' }).waitFor();
      await page.getByText('admin@test.example').waitFor();
      await check(page, 'account', width);
      await context.close();
    },
    120_000,
  );
});
