/** @jest-environment node */
/**
 * axe-core (WCAG 2.1 A/AA) and layout of the catalogue editing screens at desktop and phone widths,
 * with screenshots in /tmp/shots: the course list, a program's editor (every fieldset, intakes,
 * history), and the professors list.
 */
import type { Page } from 'playwright-core';
import { axeViolations, describeBrowser, describeViolations, trackPageErrors } from '../support/browser';
import { useBrowserApp } from '../support/browser-app';
import { openSignedIn, signInThroughApi } from '../support/staff';
import { openCourseEditor } from './crm-catalogue-support';

const SHOTS = '/tmp/shots';
const WIDTHS = [1280, 390] as const;

describeBrowser('CRM catalogue screens: accessibility and layout', () => {
  const app = useBrowserApp({ screenshots: SHOTS });

  beforeAll(async () => {
    // A professor to list (the seed's sample instructors come with the seed content).
    const { token } = await signInThroughApi(app.server);
    const created = await fetch(`${app.url}/api/crm/catalogue/professors`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Test Instructor Quinn',
        title: 'Lead Instructor, Networking',
        credentials: ['CCNP Enterprise'],
        bio: 'Sample bio.',
        course_ids: [],
        position: 1,
        sample: true,
      }),
    });
    expect(created.status).toBe(201);
  });

  async function check(page: Page, name: string, width: number) {
    expect(describeViolations(await axeViolations(page))).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/crm-catalogue-${name}-${width}.png`, fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  }

  test.each(WIDTHS)('course list, program editor and professors at %i px', async (width) => {
    const page = await (await app.browser.newContext({ viewport: { width, height: 900 } })).newPage();
    const errors = trackPageErrors(page);
    await openSignedIn(page, app.server, '/crm/dashboard');
    // On a phone the CRM menu starts closed behind ☰ (issue 31).
    if (width < 760) await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'CRM' }).waitFor();
    await openCourseEditor(page, 'Network Specialist Diploma');
    await page.getByRole('heading', { name: 'Change history' }).waitFor();
    await page.getByRole('group', { name: 'KPI figures' }).waitFor();
    await check(page, 'editor', width);
    expect(errors).toEqual([]);

    // A failed save: the summary and the field errors are accessible too.
    await page.getByLabel('Name', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.locator('.crm-error-summary').waitFor();
    await check(page, 'editor-errors', width);

    await page.getByRole('navigation', { name: 'Catalogue' }).getByRole('link', { name: 'Courses and programs' }).click();
    await page.getByRole('table').waitFor();
    await check(page, 'list', width);

    await page.getByRole('navigation', { name: 'Catalogue' }).getByRole('link', { name: 'Professors' }).click();
    await page.getByRole('heading', { level: 1, name: 'Professors' }).waitFor();
    await page.getByText('Edit Test Instructor Quinn').click();
    await page.getByRole('heading', { name: 'Change history' }).waitFor();
    await check(page, 'professors', width);

    for (const [tab, name] of [
      ['Categories', 'categories'],
      ['Announcements', 'announcements'],
      ['Home banner offers', 'offers'],
    ] as const) {
      await page.getByRole('navigation', { name: 'Catalogue' }).getByRole('link', { name: tab }).click();
      await page.getByRole('heading', { level: 1, name: tab }).waitFor();
      await page.locator('.crm-item summary').first().click();
      await page.getByRole('heading', { name: 'Change history' }).first().waitFor();
      await check(page, name, width);
    }
    await page.context().close();
  });
});
