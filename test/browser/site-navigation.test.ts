/** @jest-environment node */
/**
 * The site's header and routing behaviour in real Chromium against the real server: menus from
 * names-website (and their failure, injected with page.route), dropdown titles, the search overlay
 * and the three search routes, breadcrumbs, the 404 page and status, the five redirects, and the
 * retry after a page's code fails to load.
 */
import { describeBrowser, eventually } from '../support/browser';
import { useBrowserApp } from '../support/browser-app';
import { cataloguePaths, pageErrorsOnly, partTimeNames, type CataloguePaths } from './site-support';

const NOT_FOUND = 'Sorry! This page not found. It might be deleted or its name changed.';
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/college-shots/site-navigation';

describeBrowser('college site: header, search, breadcrumb, 404, redirects', () => {
  const app = useBrowserApp({ page: 'each', viewport: { width: 1280, height: 900 }, screenshots: SHOTS });
  let catalogue: CataloguePaths;

  beforeAll(async () => {
    catalogue = await cataloguePaths(app.url);
  });

  const open = async (path: string) => {
    const response = await app.page.goto(app.url + path);
    await app.page.locator('h1').first().waitFor();
    return response;
  };
  const mainNav = () => app.page.getByRole('navigation', { name: 'Main' });

  test('menus are filled from names-website, called once per page load, even across navigations', async () => {
    const calls: string[] = [];
    app.page.on('request', (r) => {
      if (r.url().includes('/api/courses/names-website')) calls.push(new URL(r.url()).search);
    });
    await open('/');
    await mainNav().getByRole('button', { name: 'Program & Courses menu' }).click();
    const panel = app.page.locator('#menu-programs');
    await panel.getByRole('link', { name: catalogue.vocational.course_name }).waitFor();
    expect(await panel.getByRole('link', { name: catalogue.vocational.course_name }).getAttribute('href')).toBe(
      `/full-time/${catalogue.vocational.slug}`,
    );
    expect(await panel.getByRole('link', { name: catalogue.nonVocational.course_name }).getAttribute('href')).toBe(
      `/full-time-courses-non-vocational/${catalogue.nonVocational.slug}`,
    );
    const names = await partTimeNames(app.url);
    const group = names.course_categories[0]!;
    expect(await panel.getByRole('link', { name: group.category.name, exact: true }).getAttribute('href')).toBe(
      `/part-time-courses/${group.category.slug}`,
    );
    const sub = group.sub_categories[0]!;
    expect(await panel.getByRole('link', { name: sub.name, exact: true }).first().getAttribute('href')).toBe(
      `/part-time-courses/${group.category.slug}/${sub.slug}`,
    );
    await panel.getByRole('link', { name: group.courses[0]!.course_name, exact: true }).waitFor();
    // In-app navigation does not call again.
    await mainNav().getByRole('link', { name: 'Financial Aid' }).click();
    await app.page.getByRole('heading', { level: 1, name: 'Financial Aid' }).waitFor();
    expect(calls.sort()).toEqual(['?course_type=1', '?course_type=2']);
    expect(app.errors).toEqual([]);
  });

  test('when names-website fails the error is only logged, the server-rendered menus stay and the site works', async () => {
    await app.page.route('**/api/courses/names-website**', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"down"}' }),
    );
    const warnings: string[] = [];
    app.page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    await open('/');
    for (let waited = 0; warnings.length < 2 && waited < 5000; waited += 50) await app.page.waitForTimeout(50);
    expect(warnings.filter((w) => /menu could not be loaded/.test(w))).toHaveLength(2);
    await mainNav().getByRole('button', { name: 'Program & Courses menu' }).click();
    const panel = app.page.locator('#menu-programs');
    // The page arrived with its menus rendered; the failed refresh leaves them as they are.
    expect(await panel.getByRole('link', { name: catalogue.vocational.course_name }).count()).toBe(1);
    expect(await app.page.locator('[role=alert]').count()).toBe(0);
    await panel.getByRole('link', { name: 'Part Time', exact: true }).click();
    await app.page.getByRole('heading', { level: 1, name: 'Part Time Courses' }).waitFor();
    expect(pageErrorsOnly(app.errors)).toEqual([]);
  });

  test('dropdown titles navigate to their listing pages; keyboard opens and Escape closes a menu', async () => {
    await open('/');
    await mainNav().getByRole('link', { name: 'Program & Courses' }).click();
    await app.page.waitForURL(`${app.url}/programs`);
    await mainNav().getByRole('link', { name: 'About Us' }).click();
    await app.page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();
    const toggle = mainNav().getByRole('button', { name: 'Program & Courses menu' });
    await toggle.focus();
    await app.page.keyboard.press('Enter');
    await eventually(() => toggle.getAttribute('aria-expanded'), 'true');
    await app.page.locator('#menu-programs').getByRole('link', { name: 'Full Time', exact: true }).click();
    await app.page.getByRole('heading', { level: 1, name: 'Full Time Vocational Programs' }).waitFor();
    await eventually(() => toggle.getAttribute('aria-expanded'), 'false');
    await toggle.click();
    await app.page.keyboard.press('Escape');
    await eventually(() => toggle.getAttribute('aria-expanded'), 'false');
    expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
    // Escape also hid the panel the pointer had opened (WCAG 1.4.13), so its link is clicked in script.
    expect(await app.page.locator('#menu-programs').isVisible()).toBe(false);
    await app.page
      .locator('#menu-programs a[href="/full-time-courses-non-vocational"]')
      .first()
      .evaluate((a: HTMLAnchorElement) => a.click());
    await app.page.getByRole('heading', { level: 1, name: 'Full Time Non Vocational Programs' }).waitFor();
    expect(app.errors).toEqual([]);
  });

  test('on a narrow screen the menu collapses behind a Menu button', async () => {
    await app.page.setViewportSize({ width: 390, height: 800 });
    await open('/');
    const menuButton = mainNav().getByRole('button', { name: 'Menu' });
    expect(await mainNav().getByRole('link', { name: 'Financial Aid' }).isVisible()).toBe(false);
    await menuButton.click();
    await mainNav().getByRole('link', { name: 'Financial Aid' }).click();
    await app.page.getByRole('heading', { level: 1, name: 'Financial Aid' }).waitFor();
    await eventually(() => mainNav().getByRole('link', { name: 'Financial Aid' }).isVisible(), false);
  });

  test('search overlay: opens full screen with Search... and quick links, Escape closes, submit goes to the keyword route', async () => {
    await open('/about-us');
    const searchButton = app.page.getByRole('button', { name: 'Search', exact: true });
    await searchButton.click();
    const dialog = app.page.getByRole('dialog', { name: 'Search the site' });
    await dialog.waitFor();
    const box = dialog.getByPlaceholder('Search...');
    expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await dialog.getByRole('navigation', { name: 'Quick links' }).getByRole('link').count()).toBeGreaterThan(3);
    const size = await dialog.boundingBox();
    expect(size).toMatchObject({ x: 0, y: 0, width: 1280, height: 900 });
    await app.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await searchButton.evaluate((el) => el === document.activeElement)).toBe(true);

    await searchButton.click();
    await box.fill('securty');
    await app.page.keyboard.press('Enter');
    await app.page.waitForURL(`${app.url}/search/keyword?query=securty`);
    await app.page.getByRole('heading', { level: 1, name: 'Search results for “securty”' }).waitFor();
    const first = app.page.locator('.search-result').first();
    await first.waitFor();
    expect(await app.page.locator('.search-result h2').allTextContents()).toContain('CompTIA Security+');
    expect(await first.locator('mark').count()).toBeGreaterThan(0);
    expect(await app.page.getByRole('searchbox', { name: 'Search keywords' }).inputValue()).toBe('securty');

    // A second search from the header, on the results page: its own box shows the new words (issue 31).
    await app.page.getByRole('banner').getByRole('button', { name: 'Search', exact: true }).click();
    await box.fill('linux');
    await app.page.keyboard.press('Enter');
    await app.page.getByRole('heading', { level: 1, name: 'Search results for “linux”' }).waitFor();
    expect(await app.page.getByRole('searchbox', { name: 'Search keywords' }).inputValue()).toBe('linux');
    expect(app.errors).toEqual([]);
  });

  test('the three search routes show results, and a clear message when nothing matches', async () => {
    for (const path of ['/search/keyword?query=linux', '/search/linux', '/course-search/linux']) {
      await open(path);
      await app.page.locator('.search-result').first().waitFor();
      expect((await app.page.locator('.search-result h2').allTextContents()).join(' ')).toMatch(/Linux/);
    }
    await open('/search/qqqzzzxxyy');
    await app.page.getByText('No results match “qqqzzzxxyy”.').waitFor();
    expect(app.errors).toEqual([]);
  });

  test('breadcrumb: Home first, crumbs link to prefixes, catalogue names for catalogue segments, COJG upper case, blank paths, banner on home', async () => {
    const crumbs = () => app.page.getByRole('navigation', { name: 'Breadcrumb' });
    const { category, sub_category: sub } = catalogue.partTime;
    await open(`/part-time-courses/${category.slug}/${sub.slug}`);
    await app.page.locator('.page-header h1').waitFor();
    // Catalogue segments show the catalogue's own names (`CCNA`, not the seed rule's `Ccna`).
    expect(await crumbs().getByRole('listitem').allTextContents()).toEqual(['Home', 'Part Time Courses', category.name, sub.name]);
    expect(sub.name).not.toBe(capitalise(sub.slug));
    expect(await crumbs().getByRole('link', { name: 'Part Time Courses' }).getAttribute('href')).toBe('/part-time-courses');
    expect(await crumbs().locator('[aria-current=page]').textContent()).toBe(sub.name);
    await open('/kpi');
    expect(await crumbs().getByRole('listitem').allTextContents()).toEqual(['Home', 'KPI']);
    await open('/cojg');
    expect(await crumbs().getByRole('listitem').allTextContents()).toEqual(['Home', 'COJG']);
    await open('/covid-19-vaccination-policy');
    expect(await crumbs().getByRole('listitem').allTextContents()).toEqual(['Home', 'Covid 19 Vaccination Policy']);
    for (const path of [
      `/course/${catalogue.partTime.slug}`,
      `/full-time/${catalogue.vocational.slug}`,
      '/search/linux',
      '/course-search/linux',
      '/search/keyword?query=x',
    ]) {
      await open(path);
      expect({ path, count: await crumbs().count() }).toEqual({ path, count: 0 });
    }
    await open('/');
    expect(await crumbs().count()).toBe(0);
    await app.page.getByRole('region', { name: 'Microsoft course offers' }).waitFor();
  });

  test('unknown paths and unknown slugs show the 404 text with status 404', async () => {
    for (const path of ['/no-such-page', '/about-us/team', '/full-time/no-such-program', '/part-time-courses/no-such-category']) {
      const response = await app.page.goto(app.url + path);
      expect({ path, status: response?.status() }).toEqual({ path, status: 404 });
      await app.page.getByText(NOT_FOUND, { exact: true }).waitFor();
    }
    expect(await app.page.title()).toMatch(/^Page Not Found - /);
    expect(pageErrorsOnly(app.errors)).toEqual([]);
  });

  test('the 404 page keeps its two buttons apart at 390 and 1280 px (issue 31)', async () => {
    for (const width of [390, 1280]) {
      await app.page.setViewportSize({ width, height: 800 });
      await app.page.goto(`${app.url}/no-such-page`);
      const box = async (name: string) => {
        const found = await app.page.getByRole('link', { name, exact: true }).boundingBox();
        if (!found) throw new Error(`no ${name} button at ${width} px`);
        return found;
      };
      const [home, programs] = [await box('Go to the home page'), await box('Browse programs')];
      // Side by side or one above the other, with at least 8 px between them either way.
      const apart = Math.max(programs.x - (home.x + home.width), programs.y - (home.y + home.height));
      expect({ width, apart: apart >= 8 }).toEqual({ width, apart: true });
      await app.page.screenshot({ path: `${SHOTS}/not-found-${width}.png` });
    }
  });

  test('an in-app link to an unknown course shows the 404 page', async () => {
    await open('/');
    await app.page.evaluate(() => {
      history.pushState(null, '', '/course/no-such-course');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await app.page.getByText(NOT_FOUND, { exact: true }).waitFor();
    expect(pageErrorsOnly(app.errors)).toEqual([]);
  });

  const REDIRECTS: [string, string][] = [
    ['/second-career', '/better-jobs-ontario'],
    ['/part-time-courses/cisco/ccnp/ccnp-routing-and-switching/', '/part-time-courses/cisco/ccnp/ccnp-enterprise'],
    ['/full-time/network-specialist-diploma-52-weeks/', '/full-time/network-specialist-diploma'],
    ['/mandatory-covid-19-vaccination-policy/', '/covid-19-vaccination-policy'],
    ['/crm/calendar.php', '/calendar'],
  ];

  test.each(REDIRECTS)('%s: the server answers 301 to %s and the page lands there', async (from, to) => {
    const first = await fetch(app.url + from, { redirect: 'manual' });
    expect(first.status).toBe(301);
    expect(new URL(first.headers.get('location') ?? '', app.url).pathname).toBe(to);
    const response = await app.page.goto(app.url + from);
    expect(response?.status()).toBe(200);
    expect(new URL(app.page.url()).pathname).toBe(to);
    await app.page.locator('h1').first().waitFor();
    expect(await app.page.getByText(NOT_FOUND).count()).toBe(0);
  });

  test.each(REDIRECTS)('in-app navigation to %s lands on %s', async (from, to) => {
    await open('/');
    await app.page.evaluate((path) => {
      history.pushState(null, '', path);
      dispatchEvent(new PopStateEvent('popstate'));
    }, from);
    await app.page.waitForURL(app.url + to);
    await app.page.locator('main h1').waitFor();
    expect(await app.page.getByText(NOT_FOUND).count()).toBe(0);
    expect(app.errors).toEqual([]);
  });

  test('a page whose code fails to load shows a clear message and Retry, which then loads it', async () => {
    await open('/');
    await app.page.route('**/assets/CalendarPage-*.js', (route) => route.abort());
    await mainNav().getByRole('link', { name: 'Course Calendar' }).click();
    await app.page.getByRole('heading', { level: 1, name: 'This page could not be loaded' }).waitFor();
    await app.page.unroute('**/assets/CalendarPage-*.js');
    await app.page.getByRole('button', { name: 'Retry' }).click();
    await app.page.getByRole('heading', { level: 1, name: 'Course Calendar' }).waitFor();
    expect(pageErrorsOnly(app.errors)).toEqual([]);
  });
});

function capitalise(slug: string): string {
  return slug
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}
