/** @jest-environment node */
/**
 * Apply Now and a course's Apply button open the inquiry widget (loaded by the site's own script
 * tag, as on a partner page); on a course page the form is preset and locked to that course.
 */
import { describeBrowser } from '../support/browser';
import { useBrowserApp } from '../support/browser-app';
import { cataloguePaths, type CataloguePaths } from './site-support';

describeBrowser('college site: Apply opens the Student Inquiry Form', () => {
  const app = useBrowserApp({ page: 'each', viewport: { width: 1280, height: 900 } });
  let catalogue: CataloguePaths;

  beforeAll(async () => {
    catalogue = await cataloguePaths(app.url);
  });

  const widgetLoaded = () => app.page.waitForFunction(() => Boolean(window.CollegeInquiry && 'version' in window.CollegeInquiry));
  const dialog = () => app.page.getByRole('dialog', { name: 'Student Inquiry Form' });

  test('Apply Now in the top bar opens the form with nothing locked', async () => {
    await app.page.goto(app.url + '/about-us');
    await widgetLoaded();
    await app.page.locator('.topbar').getByRole('button', { name: 'Apply Now' }).click();
    await dialog().waitFor();
    expect(await dialog().locator('#ci-course').isDisabled()).toBe(false);
    expect(await dialog().locator('#ci-course-type').isDisabled()).toBe(false);
    expect(app.errors).toEqual([]);
  });

  test("a course page's Apply button opens the form preset and locked to that course and its type", async () => {
    const course = catalogue.vocational;
    await app.page.goto(`${app.url}/full-time/${course.slug}`);
    await widgetLoaded();
    await app.page.getByRole('button', { name: 'Apply for this program' }).click();
    await dialog().waitFor();
    const courseSelect = dialog().locator('#ci-course');
    await app.page.waitForFunction((id) => {
      const host = [...document.querySelectorAll('*')].find((el) => el.shadowRoot?.querySelector('#ci-course'));
      const select = host?.shadowRoot?.querySelector<HTMLSelectElement>('#ci-course');
      return select?.value === id;
    }, course._id);
    expect(await courseSelect.isDisabled()).toBe(true);
    expect(await dialog().locator('#ci-course-type').inputValue()).toBe(String(course.course_type));
    expect(await dialog().locator('#ci-course-type').isDisabled()).toBe(true);
    expect(app.errors).toEqual([]);
  });

  test('a click before the widget script has arrived is queued and replayed', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await app.page.route('**/widget/college-inquiry.js', async (route) => {
      await held;
      await route.continue();
    });
    await app.page.goto(app.url + '/kpi', { waitUntil: 'domcontentloaded' });
    await app.page.getByRole('heading', { level: 1, name: 'Key Performance Indicators' }).waitFor();
    await app.page.locator('.topbar').getByRole('button', { name: 'Apply Now' }).click();
    expect(await app.page.evaluate(() => (window.CollegeInquiry as { q?: unknown[] } | undefined)?.q?.length)).toBe(1);
    release();
    await dialog().waitFor();
    expect(app.errors).toEqual([]);
  });
});
