/** @jest-environment node */
/**
 * Apply Now and a course's Apply button open the inquiry widget (loaded by the site's own script
 * tag, as on a partner page); on a course page the form is preset and locked to that course.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describeBrowser, launchBrowser, trackPageErrors } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';
import { cataloguePaths, type CataloguePaths } from './site-support';

describeBrowser('college site: Apply opens the Student Inquiry Form', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let catalogue: CataloguePaths;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    catalogue = await cataloguePaths(server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  beforeEach(async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    errors = trackPageErrors(page);
  });
  afterEach(async () => {
    await context.close();
  });

  const widgetLoaded = () => page.waitForFunction(() => Boolean(window.CollegeInquiry && 'version' in window.CollegeInquiry));
  const dialog = () => page.getByRole('dialog', { name: 'Student Inquiry Form' });

  test('Apply Now in the top bar opens the form with nothing locked', async () => {
    await page.goto(server.url + '/about-us');
    await widgetLoaded();
    await page.locator('.topbar').getByRole('button', { name: 'Apply Now' }).click();
    await dialog().waitFor();
    expect(await dialog().locator('#ci-course').isDisabled()).toBe(false);
    expect(await dialog().locator('#ci-course-type').isDisabled()).toBe(false);
    expect(errors).toEqual([]);
  });

  test("a course page's Apply button opens the form preset and locked to that course and its type", async () => {
    const course = catalogue.vocational;
    await page.goto(`${server.url}/full-time/${course.slug}`);
    await widgetLoaded();
    await page.getByRole('button', { name: 'Apply for this program' }).click();
    await dialog().waitFor();
    const courseSelect = dialog().locator('#ci-course');
    await page.waitForFunction(
      (id) => {
        const host = [...document.querySelectorAll('*')].find((el) => el.shadowRoot?.querySelector('#ci-course'));
        const select = host?.shadowRoot?.querySelector<HTMLSelectElement>('#ci-course');
        return select?.value === id;
      },
      course._id,
    );
    expect(await courseSelect.isDisabled()).toBe(true);
    expect(await dialog().locator('#ci-course-type').inputValue()).toBe(String(course.course_type));
    expect(await dialog().locator('#ci-course-type').isDisabled()).toBe(true);
    expect(errors).toEqual([]);
  });

  test('a click before the widget script has arrived is queued and replayed', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => { release = resolve; });
    await page.route('**/widget/college-inquiry.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(server.url + '/kpi', { waitUntil: 'domcontentloaded' });
    await page.getByRole('heading', { level: 1, name: 'Key Performance Indicators' }).waitFor();
    await page.locator('.topbar').getByRole('button', { name: 'Apply Now' }).click();
    expect(await page.evaluate(() => (window.CollegeInquiry as { q?: unknown[] } | undefined)?.q?.length)).toBe(1);
    release();
    await dialog().waitFor();
    expect(errors).toEqual([]);
  });
});
