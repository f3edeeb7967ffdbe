/** @jest-environment node */
/**
 * Every public route of requirements R-routes renders its heading, title and meta description with no console
 * error, and axe-core reports no violations, at desktop and phone widths.
 */
import type { Page } from 'playwright-core';
import { COLLEGE } from '../../src/college';
import { describeBrowser, axeViolations, describeViolations, trackPageErrors } from '../support/browser';
import { useBrowserApp } from '../support/browser-app';
import { cataloguePaths, type CataloguePaths } from './site-support';

const STATIC_ROUTES: [string, string | RegExp][] = [
  ['/', 'Launch your IT career in Toronto'],
  ['/about-us', 'About Us'],
  ['/professors', 'Professors'],
  ['/contact', 'Contact Us'],
  ['/full-time-courses', 'Full Time Vocational Programs'],
  ['/full-time-courses-non-vocational', 'Full Time Non Vocational Programs'],
  ['/part-time-courses', 'Part Time Courses'],
  ['/career-student-services', 'Career & Student Services'],
  ['/financial-aid', 'Financial Aid'],
  ['/international-students', 'International Students'],
  ['/calendar', 'Course Calendar'],
  ['/covid-19-vaccination-policy', 'COVID-19 Vaccination Policy'],
  ['/pearson-vue-authorized-center', 'Pearson VUE Authorized Test Center'],
  ['/kpi', 'Key Performance Indicators'],
  ['/cojg', 'Canada-Ontario Job Grant'],
  ['/better-jobs-ontario', 'Better Jobs Ontario'],
  ['/policies', 'Policies'],
  ['/search/keyword?query=linux', 'Search results for “linux”'],
  ['/search/cisco', 'Search results for “cisco”'],
  ['/course-search/azure', 'Search results for “azure”'],
  ['/programs', 'Programs'],
  ['/web-development-course', 'Web Development Course'],
  ['/announcements', 'Announcements'],
  ['/thank-you', 'Thank You'],
];

function dynamicRoutes(c: CataloguePaths): [string, string | RegExp][] {
  return [
    [`/full-time/${c.vocational.slug}`, c.vocational.course_name],
    [`/full-time-courses-non-vocational/${c.nonVocational.slug}`, c.nonVocational.course_name],
    [`/full-time-courses/${c.fullTimeCategorySlug}`, c.vocational.category?.name ?? ''],
    [`/part-time-courses/${c.partTime.category.slug}`, c.partTime.category.name],
    [
      `/part-time-courses/${c.partTime.category.slug}/${c.partTime.sub_category.slug}`,
      `${c.partTime.category.name} ${c.partTime.sub_category.name}`,
    ],
    [`/part-time-courses/${c.partTime.category.slug}/${c.partTime.sub_category.slug}/${c.partTime.slug}`, c.partTime.course_name],
    [`/course/${c.partTime.slug}`, c.partTime.course_name],
  ];
}

describeBrowser('college site: every public route', () => {
  const app = useBrowserApp();
  let routes: [string, string | RegExp][];

  beforeAll(async () => {
    routes = [...STATIC_ROUTES, ...dynamicRoutes(await cataloguePaths(app.url))];
  });

  async function checkRoute(page: Page, errors: string[], path: string, heading: string | RegExp) {
    const response = await page.goto(app.url + path);
    expect({ path, status: response?.status() }).toEqual({ path, status: 200 });
    await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: 10_000 });
    // The page's data has arrived (no loading line left), so axe sees the finished page.
    await page.waitForFunction(() => !document.querySelector('[role=status] .spinner'), null, { timeout: 10_000 });
    const title = await page.title();
    expect(title.endsWith(` - ${COLLEGE.name}`)).toBe(true);
    expect(title).not.toMatch(/Page Not Found/);
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description?.length ?? 0).toBeGreaterThan(20);
    expect(await page.locator('h1').count()).toBe(1);
    const violations = await axeViolations(page);
    expect({ path, violations: describeViolations(violations) }).toEqual({ path, violations: [] });
    expect({ path, errors }).toEqual({ path, errors: [] });
  }

  test.each([1280, 390])(
    'at %i px every route renders its h1, title and description, axe-clean, with no console error',
    async (width) => {
      const page = await app.browser.newPage({ viewport: { width, height: 900 } });
      const errors = trackPageErrors(page);
      for (const [path, heading] of routes) await checkRoute(page, errors, path, heading);
      await page.close();
    },
    180_000,
  );

  test('in-app navigation also sets the title per page', async () => {
    const page = await app.browser.newPage();
    await page.goto(app.url + '/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.title()).toBe(`Home - ${COLLEGE.name}`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Financial Aid' }).click();
    await page.getByRole('heading', { level: 1, name: 'Financial Aid' }).waitFor();
    expect(await page.title()).toBe(`Financial Aid - ${COLLEGE.name}`);
    await page.close();
  });
});
