/** @jest-environment node */
/**
 * The catalogue's change history reads like a sentence (issue 19): after real edits through the API
 * and the editor, a tuition change shows "Domestic tuition (CAD): $20,400 → $21,900", a description
 * shows which words went and came (<del>/<ins>), structured fields open field by field, and no raw
 * JSON is shown. Screenshots: /tmp/shots/crm-history-*.png.
 */
import type { CatalogueCourse } from '../../src/crm-catalogue-contract';
import { describeBrowser } from '../support/browser';
import { useBrowserApp } from '../support/browser-app';
import { call, courseIdBySlug, inputOf } from '../support/catalogue-editing';
import { openSignedIn, signInThroughApi } from '../support/staff';

const SHOTS = '/tmp/shots';
const SLUG = 'cyber-security-specialist-diploma';

describeBrowser('CRM catalogue change history', () => {
  const app = useBrowserApp({ screenshots: SHOTS });
  let id = '';
  let graduationRate = 0;

  beforeAll(async () => {
    const { token } = await signInThroughApi(app.server);
    id = await courseIdBySlug(app.server, SLUG);
    const put = async (change: (course: CatalogueCourse) => Partial<CatalogueCourse>) => {
      const course = (await call(app.server, 'GET', `/api/crm/catalogue/courses/${id}`, token)).json<CatalogueCourse>();
      const saved = await call(app.server, 'PUT', `/api/crm/catalogue/courses/${id}`, token, {
        ...inputOf(course),
        ...change(course),
        version: course.version,
      });
      if (saved.status !== 200) throw new Error(`save refused: ${saved.body}`);
    };
    const fees = (course: CatalogueCourse, domestic: number) => (course.fees ? { ...course.fees, domestic_tuition: domestic } : null);
    // The seed's tuition may already be $20,400: then this first save records nothing.
    await put((c) => {
      graduationRate = c.kpi?.graduation_rate ?? 0;
      return { fees: fees(c, 20_400) };
    });
    await put((c) => ({
      fees: fees(c, 21_900),
      description: `${c.description} Graduates also prepare for cloud security roles.`,
      outline: [...c.outline, 'Cloud security fundamentals'],
      kpi: c.kpi ? { ...c.kpi, graduation_rate: 91 } : null,
    }));
  });

  test.each([
    [1280, 800],
    [390, 844],
  ])(
    'at %i px the newest change reads by label, in dollars, as a word difference',
    async (width, height) => {
      const context = await app.browser.newContext({ viewport: { width, height } });
      const page = await context.newPage();
      await openSignedIn(page, app.server, `/crm/catalogue/courses/${id}`);
      const history = page.getByRole('region', { name: 'Change history' });
      const newest = history.locator('.crm-history__item').first();
      await newest.getByText('Domestic tuition (CAD)').waitFor();
      await history.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/crm-history-${width}.png`, fullPage: true });
      await history.screenshot({ path: `${SHOTS}/crm-history-section-${width}.png` });

      const lines = (await newest.locator('.crm-history__fields > li').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
      expect(lines).toContain('Domestic tuition (CAD): $20,400 → $21,900');
      expect(lines).toContain(`Graduation rate (%): ${graduationRate}% → 91%`);
      expect(lines.find((l) => l.startsWith('Outline'))).toBe('Outline: Added: Cloud security fundamentals');
      // The description: only the added sentence is marked, as an insertion.
      const description = newest.locator('.crm-history__fields > li').filter({ hasText: 'Description' });
      expect((await description.locator('ins').allInnerTexts()).map((t) => t.trim())).toEqual([
        'Graduates also prepare for cloud security roles.',
      ]);
      expect(await description.locator('del').count()).toBe(0);
      // Never raw JSON, never a field's code name.
      const all = await history.innerText();
      expect(all).not.toMatch(/[{}[\]"]/);
      expect(all).not.toContain('domestic_tuition');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await context.close();
    },
    60_000,
  );
});
