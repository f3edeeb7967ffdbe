/** @jest-environment node */
/**
 * The CRM on a 1280×800 laptop (issue 19): every table shows all its columns without sideways
 * scrolling and no cell's content spills out of it, even with long seeded values; at 390×844 the
 * tables stay cards. Phone numbers read in national form (international ones in international
 * form) and link in E.164. Screenshots go to /tmp/shots/crm-laptop-*.png.
 */
import type { Page } from 'playwright-core';
import { describeBrowser, sidewaysOverflow, trackPageErrors } from '../support/browser';
import { useBrowserApp } from '../support/browser-app';
import { addStaff } from '../support/crm-staff';
import { createLead, openSignedIn, signInThroughApi } from '../support/staff';
import type { CourseSummary, StaffLeadPage } from '../../src/contract';

const SHOTS = '/tmp/shots';
const LONG_NAME = ['Bartholomew-Maximilian', 'Featherstonehaugh-Wainwright'] as const;
const LONG_EMAIL = 'bartholomew.featherstonehaugh-wainwright@example-college-partner.com';
const OWNER = 'Anne-Marguerite Vandenberghe-Okonkwo';

/** What spills over in every CRM table on the page: a wrapper that scrolls, or a cell whose content is wider than it. */
async function overflowing(page: Page): Promise<string[]> {
  const sideways = await sidewaysOverflow(page);
  const found = await page.evaluate(() => {
    const found: string[] = [];
    for (const wrap of document.querySelectorAll<HTMLElement>('.crm-table-wrap')) {
      const name = wrap.getAttribute('aria-label') ?? '';
      if (wrap.scrollWidth > wrap.clientWidth) found.push(`${name}: scrolls ${wrap.scrollWidth} > ${wrap.clientWidth}`);
      for (const cell of wrap.querySelectorAll<HTMLElement>('th, td')) {
        // The card layout hides the header row visually (it stays for screen readers).
        const head = cell.closest('thead');
        if (head && getComputedStyle(head).position === 'absolute') continue;
        if (cell.scrollWidth > cell.clientWidth + 1)
          found.push(`${name}: "${cell.innerText.trim()}" ${cell.scrollWidth} > ${cell.clientWidth}`);
      }
    }
    return found;
  });
  return sideways > 0 ? [...found, `page: ${sideways} px sideways`] : found;
}

describeBrowser('CRM at laptop and phone widths', () => {
  const app = useBrowserApp({ screenshots: SHOTS });
  let leadId = '';

  beforeAll(async () => {
    const courses = (await (await fetch(`${app.url}/api/courses/search?course_type=1`)).json()) as CourseSummary[];
    const longest = [...courses].sort((a, b) => b.course_name.length - a.course_name.length)[0];
    await createLead(app.server, {
      first_name: LONG_NAME[0],
      last_name: LONG_NAME[1],
      email: LONG_EMAIL,
      phone: '+442079460958',
      source: 3,
      location: 2,
      ...(longest ? { course_id: longest._id, course_type: 1 } : {}),
    });
    await createLead(app.server, {
      first_name: 'Ada',
      last_name: 'Byron',
      email: 'ada.byron@example.com',
      phone: '+14165550123',
      source: 4,
    });
    const owner = await addStaff(app.server, OWNER);
    const { token } = await signInThroughApi(app.server);
    const call = (path: string, method: string, body?: object) =>
      fetch(`${app.url}/api${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body ? JSON.stringify(body) : null,
      });
    const found = (await (await call('/crm/leads?q=bartholomew', 'GET')).json()) as StaffLeadPage;
    leadId = found.leads[0]?._id ?? '';
    // The widest stage label and a long owner name.
    await call(`/crm/leads/${leadId}`, 'PATCH', { owner_id: owner.id, stage: 5, version: 1 });
    await call(`/crm/leads/${leadId}/activities`, 'POST', {
      type: 3,
      subject: 'Meeting about the international application, the study permit letter and the payment plan options',
      notes: '',
      owner_id: owner.id,
      due_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
  });

  const SCREENS = [
    ['leads', '/crm/leads', 'Leads, newest first'],
    ['dashboard', '/crm/dashboard', 'Newest leads'],
    ['activities', '/crm/activities?owner=all&due=&state=all', 'Activities, nearest due first'],
    ['staff', '/crm/staff', 'Staff members'],
    ['catalogue', '/crm/catalogue/courses', 'Courses'],
  ] as const;

  test.each(SCREENS)(
    '%s: every column fits 1280×800 without sideways scrolling',
    async (name, path, table) => {
      const context = await app.browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      const errors = trackPageErrors(page);
      await openSignedIn(page, app.server, path);
      await page.locator(`.crm-table-wrap[aria-label="${table}"] tbody tr`).first().waitFor();
      await page.screenshot({ path: `${SHOTS}/crm-laptop-${name}-1280.png`, fullPage: true });
      expect(await overflowing(page)).toEqual([]);
      // The table is a table here (not cards), and its last column ends inside the visible area.
      const region = page.locator(`.crm-table-wrap[aria-label="${table}"]`);
      const box = await region.boundingBox();
      const lastHeader = await region.locator('thead th').last().boundingBox();
      expect(lastHeader && box ? lastHeader.x + lastHeader.width : Infinity).toBeLessThanOrEqual((box?.x ?? 0) + (box?.width ?? 0) + 1);
      expect(errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([]);
      await context.close();
    },
    60_000,
  );

  test.each(SCREENS)(
    '%s: rows stay cards at 390×844',
    async (name, path, table) => {
      const context = await app.browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      await openSignedIn(page, app.server, path);
      const region = page.locator(`.crm-table-wrap[aria-label="${table}"]`);
      await region.locator('tbody tr').first().waitFor();
      await page.screenshot({ path: `${SHOTS}/crm-laptop-${name}-390.png`, fullPage: true });
      expect(await region.locator('table').evaluate((t) => getComputedStyle(t).display)).toBe('block');
      expect(await overflowing(page)).toEqual([]);
      await context.close();
    },
    60_000,
  );

  test('a long e-mail is cut in the table but its full address is its title', async () => {
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await openSignedIn(page, app.server, '/crm/leads');
    const email = page.getByRole('link', { name: LONG_EMAIL });
    await email.waitFor();
    expect(await email.getAttribute('title')).toBe(LONG_EMAIL);
    expect(await email.getAttribute('href')).toBe(`mailto:${LONG_EMAIL}`);
    // Focused, it shows the whole address (wrapping in its column) rather than the ellipsis.
    await email.focus();
    expect(await email.evaluate((a) => a.scrollWidth <= a.clientWidth + 1)).toBe(true);
    await context.close();
  });

  test('phone numbers read in national or international form and link in E.164', async () => {
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await openSignedIn(page, app.server, '/crm/leads');
    const national = page.getByRole('link', { name: '416-555-0123', exact: true });
    await national.waitFor();
    expect(await national.getAttribute('href')).toBe('tel:+14165550123');
    const international = page.getByRole('link', { name: '+44 20 7946 0958', exact: true });
    expect(await international.getAttribute('href')).toBe('tel:+442079460958');
    expect(await page.getByText('+14165550123').count()).toBe(0);

    await page.goto(`${app.url}/crm/leads/${leadId}`);
    await page.getByRole('heading', { level: 2, name: 'Details' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/crm-laptop-lead-1280.png`, fullPage: true });
    const links = page.getByRole('link', { name: '+44 20 7946 0958', exact: true });
    expect(await links.count()).toBe(2);
    expect(await links.first().getAttribute('href')).toBe('tel:+442079460958');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/crm-laptop-lead-390.png`, fullPage: true });
    await context.close();
  });
});
