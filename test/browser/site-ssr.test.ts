/** @jest-environment node */
/**
 * Server-rendered pages in real Chromium (issue 9): reading and navigating with JavaScript off;
 * with it on, hydration that keeps the server's DOM, no API call on first view but the two menu
 * refreshes, client navigation and per-page metadata; the calendar's filters in the URL.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describeBrowser, eventually, trackPageErrors } from '../support/browser';
import { useBrowserApp } from '../support/browser-app';
import { cataloguePaths, type CataloguePaths } from './site-support';

describeBrowser('college site: server-rendered pages', () => {
  const app = useBrowserApp();
  let context: BrowserContext;
  let catalogue: CataloguePaths;

  beforeAll(async () => {
    catalogue = await cataloguePaths(app.url);
  });
  afterEach(async () => {
    await context?.close();
  });

  const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name }).waitFor();

  test('with JavaScript off, pages read and navigate: menu, listing, course, Apply falls back to contact', async () => {
    context = await app.browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${app.url}/`);
    await heading(page, 'Launch your IT career in Toronto');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Full-time vocational programs' }).click();
    await heading(page, 'Full Time Vocational Programs');
    await page.getByRole('main').getByRole('link', { name: catalogue.vocational.course_name }).click();
    await heading(page, catalogue.vocational.course_name);
    expect(await page.title()).toBe(`${catalogue.vocational.course_name} - Northbridge College of Technology`);
    await page.getByRole('button', { name: 'Apply for this program' }).click();
    await heading(page, 'Contact Us');
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Home' }).click();
    await heading(page, 'Launch your IT career in Toronto');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Course Calendar' }).click();
    await heading(page, 'Course Calendar');
    await page.getByLabel('Course type').selectOption({ label: 'Part Time' });
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/\/calendar\?type=2/);
    const types = await page.locator('.calendar-table td[data-label="Type"]').allTextContents();
    expect(types.length).toBeGreaterThan(0);
    expect(new Set(types)).toEqual(new Set(['Part Time']));
  });

  test('with JavaScript off on a small screen, the menu is shown and the search page searches', async () => {
    context = await app.browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${app.url}/search/keyword`);
    await heading(page, 'Search');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Financial Aid' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search keywords' }).fill('linux');
    await page.keyboard.press('Enter');
    await heading(page, 'Search results for “linux”');
    expect((await page.locator('.search-result h2').allTextContents()).join(' ')).toMatch(/Linux/);
  });

  test('with JavaScript on, hydration keeps the server DOM, the first view calls only names-website, client navigation updates the metadata', async () => {
    context = await app.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    const apiCalls: string[] = [];
    context.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) apiCalls.push(url.pathname + url.search);
    });
    // Every element removed from the app's markup is counted: hydration must reuse, not replace.
    await context.addInitScript(() => {
      const removed: string[] = [];
      (window as unknown as { removedByScripts: string[] }).removedByScripts = removed;
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of record.removedNodes) {
            if (node.nodeType === 1 && (record.target as Element).closest?.('#app')) removed.push((node as Element).outerHTML.slice(0, 80));
          }
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${app.url}${catalogue.partTime.path}`);
    await heading(page, catalogue.partTime.course_name);
    // Hydrated: the dropdown toggle responds.
    const toggle = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Program & Courses menu' });
    await eventually(async () => {
      await toggle.click();
      const expanded = await toggle.getAttribute('aria-expanded');
      if (expanded === 'true') await toggle.click();
      return expanded;
    }, 'true');
    // The pointer leaves the navbar, so its hover panel closes.
    await page.mouse.move(640, 880);
    expect(await page.evaluate(() => (window as unknown as { removedByScripts: string[] }).removedByScripts)).toEqual([]);
    await page.waitForLoadState('networkidle');
    // The events beside a course are in the page too (issue 31): no call to /api/events.
    expect([...apiCalls].sort()).toEqual(['/api/courses/names-website?course_type=1', '/api/courses/names-website?course_type=2']);

    // Client navigation: no new document, new title, description and canonical.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Part Time Courses' }).click();
    await heading(page, 'Part Time Courses');
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(await page.title()).toBe('Part Time Courses - Northbridge College of Technology');
    expect(await page.locator('link[rel=canonical]').getAttribute('href')).toBe(`${app.url}/part-time-courses`);
    expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBe(
      'Part Time Courses - Northbridge College of Technology',
    );
    expect(errors).toEqual([]);

    // The same on the home page, a listing and a filtered calendar.
    for (const path of ['/', '/full-time-courses', '/calendar?type=2&mode=2']) {
      apiCalls.length = 0;
      const other = await context.newPage();
      await other.goto(app.url + path);
      await other.locator('h1').first().waitFor();
      await other.waitForLoadState('networkidle');
      const removed = await other.evaluate(() => (window as unknown as { removedByScripts: string[] }).removedByScripts);
      const otherCalls = apiCalls.filter((call) => !call.startsWith('/api/courses/names-website'));
      expect({ path, removed, apiCalls: otherCalls }).toEqual({ path, removed: [], apiCalls: [] });
      await other.close();
    }
  });

  test('calendar: filters apply at once, live in the URL, and a shared URL renders filtered', async () => {
    context = await app.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await page.goto(`${app.url}/calendar`);
    await heading(page, 'Course Calendar');
    // One month at a time (issue 19): the first upcoming month, chosen in the Month filter.
    expect(await page.locator('.calendar-month h2').count()).toBe(1);
    await page.getByLabel('Delivery mode').selectOption({ label: 'Online' });
    await page.waitForURL(/\/calendar\?mode=2$/);
    await eventually(
      async () => [...new Set(await page.locator('.calendar-table td[data-label="Delivery"]').allTextContents())],
      ['Online'],
    );
    const program = (await page.getByLabel('Program', { exact: true }).locator('option').nth(1).getAttribute('value')) ?? '';
    await page.getByLabel('Program', { exact: true }).selectOption(program);
    await page.waitForURL(new RegExp(`program=${program}`));
    const shared = page.url();
    const next = page.getByRole('navigation', { name: 'Other months' }).locator('a.month-next');
    if ((await next.count()) > 0) {
      await next.click();
      await page.waitForURL(/month=\d{4}-\d{2}/);
    }

    const other = await context.newPage();
    await other.goto(shared);
    await heading(other, 'Course Calendar');
    const links = await other.locator('.calendar-table tbody th a').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
    expect(new Set(links)).toEqual(new Set([`/course/${program}`]));
    expect(await other.getByLabel('Delivery mode').inputValue()).toBe('2');
    expect(errors).toEqual([]);
  });
});
