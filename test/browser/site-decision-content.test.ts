/** @jest-environment node */
/**
 * What a prospective student decides on (issue 12), in a real browser: a vocational program page
 * shows its fees, requirements, outcomes, next intake and KPI figures; a part-time course its fees;
 * /kpi the results table with the year and the ministry's source; /professors the instructors with
 * the sample note; a policy its effective date. Server-rendered (no API call on first view), with
 * the illustrations loaded at their declared size, axe-clean at 1280 and 390 px.
 */
import type { Page } from 'playwright-core';
import { ONTARIO_KPI_SOURCE_URL } from '../../src/catalogue-content';
import { axeViolations, describeBrowser, describeViolations, trackPageErrors } from '../support/browser';
import { useBrowserApp } from '../support/browser-app';

const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/college-shots/decision-content';

describeBrowser('college site: decision content', () => {
  const app = useBrowserApp({ screenshots: SHOTS });

  /** Opens a page as a visitor would; returns the page-data API calls its first view made (none: the data is embedded). */
  async function visit(page: Page, path: string, heading: string | RegExp): Promise<string[]> {
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      // The menus load their course names on their own (names-website), and a program page its next
      // events after hydration (issue 24: its cached HTML stays one for every visitor); the page's own data must not be fetched.
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/') && pathname !== '/api/courses/names-website' && pathname !== '/api/events') apiCalls.push(pathname);
    });
    const response = await page.goto(app.url + path);
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    await page.waitForLoadState('networkidle');
    return apiCalls;
  }

  async function expectCleanAndShoot(page: Page, name: string, errors: string[]) {
    expect(describeViolations(await axeViolations(page))).toEqual([]);
    expect(errors).toEqual([]);
    const width = page.viewportSize()?.width ?? 0;
    // Nothing wider than the screen: wide tables scroll inside their own region.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }

  /** Every image on the page has loaded and declares its size (nothing shifts while it loads). */
  async function expectImagesSized(page: Page) {
    const images = await page.locator('main img').evaluateAll((imgs) =>
      (imgs as HTMLImageElement[]).map((img) => ({
        src: img.src,
        width: img.getAttribute('width'),
        height: img.getAttribute('height'),
        loaded: img.complete && img.naturalWidth > 0,
      })),
    );
    expect(images.length).toBeGreaterThan(0);
    for (const image of images)
      expect(image).toEqual({
        src: image.src,
        width: expect.stringMatching(/^\d+$/),
        height: expect.stringMatching(/^\d+$/),
        loaded: true,
      });
  }

  test.each([1280, 390])(
    'at %i px a vocational program shows fees, requirements, outcomes, next intake and KPI figures',
    async (width) => {
      const page = await app.browser.newPage({ viewport: { width, height: 900 } });
      const errors = trackPageErrors(page);
      expect(await visit(page, '/full-time/network-specialist-diploma', 'Network Specialist Diploma')).toEqual([]);
      const fees = page.getByRole('table', { name: /Tuition and fees/ });
      await expect(fees.getByRole('row', { name: /^Tuition/ }).textContent()).resolves.toMatch(/\$18,900.*\$26,500/);
      await expect(fees.getByRole('row', { name: /^Total/ }).textContent()).resolves.toMatch(/\$21,100.*\$28,700/);
      await page.getByText(/balance can be paid in up to 10 monthly instalments/).waitFor();
      await page.getByRole('heading', { name: 'Admission requirements' }).waitFor();
      await page.getByText('TOEFL iBT').waitFor();
      await page.getByRole('heading', { name: 'Mature students' }).waitFor();
      await page.getByRole('heading', { name: 'Career outcomes' }).waitFor();
      await page.getByText(/8-week industry work placement/).waitFor();
      const facts = page.getByRole('complementary', { name: 'Course facts' });
      await facts.getByRole('heading', { name: 'Next intake' }).waitFor();
      await facts.getByRole('link', { name: 'See the course calendar' }).waitFor();
      const kpi = page.getByRole('region', { name: 'Key performance indicators' });
      await kpi.getByText('reporting year 2023–2024').waitFor();
      expect(await kpi.locator('dd').allTextContents()).toEqual(['84%', '81%', '68%', '88%', '92%']);
      await kpi.getByRole('link', { name: /What the key performance indicators mean/ }).waitFor();
      const ld = await page.locator('script[type="application/ld+json"]').textContent();
      expect(ld).toContain('"priceCurrency":"CAD"');
      await expectImagesSized(page);
      await expectCleanAndShoot(page, 'program', errors);
      await page.close();
    },
    60_000,
  );

  test('a part-time course shows its fees with the exam voucher, and no KPI block', async () => {
    const page = await app.browser.newPage();
    const errors = trackPageErrors(page);
    await visit(page, '/part-time-courses/cisco/ccna/ccna', /CCNA/);
    const fees = page.getByRole('table', { name: /Tuition and fees/ });
    await expect(fees.getByRole('row', { name: /^Exam vouchers/ }).textContent()).resolves.toContain('$415');
    await expect(fees.getByRole('row', { name: /^Tuition/ }).textContent()).resolves.toContain('$2,450');
    expect(await page.getByRole('region', { name: 'Key performance indicators' }).count()).toBe(0);
    await expectCleanAndShoot(page, 'part-time', errors);
    await page.close();
  }, 60_000);

  test.each([1280, 390])(
    'at %i px /kpi shows the results table with the year and the ministry link',
    async (width) => {
      const page = await app.browser.newPage({ viewport: { width, height: 900 } });
      const errors = trackPageErrors(page);
      expect(await visit(page, '/kpi', 'Key Performance Indicators')).toEqual([]);
      const table = page.getByRole('table', { name: /Key performance indicators by program, reporting year 2023–2024/ });
      expect(await table.getByRole('row').count()).toBe(9);
      await expect(table.getByRole('row', { name: /Network Specialist Diploma/ }).textContent()).resolves.toMatch(
        /84%\s*81%\s*68%\s*88%\s*92%/,
      );
      expect(await page.getByRole('link', { name: /Ontario’s public KPI results/ }).getAttribute('href')).toBe(ONTARIO_KPI_SOURCE_URL);
      await page.getByText(/we share our latest results with anyone who asks/).waitFor();
      await table.getByRole('link', { name: 'Cloud Computing Engineer Diploma' }).click();
      await page.getByRole('heading', { level: 1, name: 'Cloud Computing Engineer Diploma' }).waitFor();
      await page.goBack();
      await page.getByRole('heading', { level: 1, name: 'Key Performance Indicators' }).waitFor();
      await expectCleanAndShoot(page, 'kpi', errors);
      await page.close();
    },
    60_000,
  );

  test.each([1280, 390])(
    'at %i px /professors lists the instructors with the sample note',
    async (width) => {
      const page = await app.browser.newPage({ viewport: { width, height: 900 } });
      const errors = trackPageErrors(page);
      expect(await visit(page, '/professors', 'Professors')).toEqual([]);
      await page
        .getByRole('note')
        .getByText(/sample data/)
        .waitFor();
      const people = page.locator('.professor-list > li');
      expect(await people.count()).toBe(8);
      const first = people.first();
      await first.getByRole('heading', { name: 'Daniel Okafor' }).waitFor();
      await first.getByText('Lead Instructor, Networking').waitFor();
      await first.getByRole('list', { name: 'Credentials' }).getByText('CCNP Enterprise').waitFor();
      await first.getByRole('link', { name: 'CCNA: Implementing and Administering Cisco Solutions' }).click();
      await page.getByRole('heading', { level: 1, name: /CCNA/ }).waitFor();
      await page.goBack();
      await page.getByRole('heading', { level: 1, name: 'Professors' }).waitFor();
      await expectImagesSized(page);
      await expectCleanAndShoot(page, 'professors', errors);
      await page.close();
    },
    60_000,
  );

  test('a policy shows its effective date; the home page its illustration', async () => {
    const page = await app.browser.newPage();
    const errors = trackPageErrors(page);
    await visit(page, '/policies', 'Policies');
    await page.getByText('Effective September 1, 2025').waitFor();
    expect(await page.locator('time').getAttribute('datetime')).toBe('2025-09-01');
    await visit(page, '/', 'Launch your IT career in Toronto');
    await expectImagesSized(page);
    await expectCleanAndShoot(page, 'home', errors);
    await page.close();
  }, 60_000);
});
