/** @jest-environment node */
/**
 * Issue 34 in the CRM: an admin opens a program in the catalogue, sees what a contract would lack,
 * fills the contract terms, lists a fee in dollars (an unreadable amount is named beside its
 * field), saves, and the fee is stored in cents; the admin-only Enrolment settings page is linked
 * from the catalogue's tabs. axe on each screen, screenshots at 1280 and 390 px.
 */
import type { Locator, Page } from 'playwright-core';
import { axeViolations, describeBrowser, describeViolations, sidewaysOverflow, toastsClosed } from '../support/browser';
import { useBrowserApp } from '../support/browser-app';
import { openSignedIn } from '../support/staff';
import { seededCourseId } from '../support/enrolment';

const SHOTS = '/tmp/shots/contract-terms';

describeBrowser('CRM contract terms', () => {
  const app = useBrowserApp({ screenshots: SHOTS, page: 'suite', viewport: { width: 1280, height: 900 } });
  let courseId: string;

  beforeAll(async () => {
    courseId = await seededCourseId(app.server);
    // A program whose terms are not complete yet: no language, no hours.
    await app.server.db.pool.query('UPDATE program_terms SET language = NULL, hours = NULL WHERE course_id = $1', [courseId]);
  });

  /** axe and no sideways scrolling at 1280 and 390 px; screenshots of the page and of `part`, the screen's subject. */
  async function check(page: Page, name: string, part: Locator): Promise<void> {
    await page.mouse.move(1280, 0);
    await toastsClosed(page);
    await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
    await part.screenshot({ path: `${SHOTS}/${name}-part-1280.png` });
    expect(describeViolations(await axeViolations(page))).toEqual([]);
    expect(await sidewaysOverflow(page)).toBe(0);
    await page.setViewportSize({ width: 390, height: 844 });
    // The layout settles at the new width before it is captured.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
    await part.screenshot({ path: `${SHOTS}/${name}-part-390.png` });
    expect(await sidewaysOverflow(page)).toBe(0);
    expect(describeViolations(await axeViolations(page))).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  test('fill the contract terms and a fee of a program, then the enrolment settings', async () => {
    const page = app.page;
    await openSignedIn(page, app.server, `/crm/catalogue/courses/${courseId}`);
    const section = page.getByRole('region', { name: 'Contract terms' });
    await section.getByText('A contract cannot be issued until these are filled in and saved:').waitFor();
    await section.getByRole('listitem').filter({ hasText: 'Language of instruction' }).first().waitFor();
    await section.getByRole('listitem').filter({ hasText: 'Hours of instruction' }).first().waitFor();

    await section.getByLabel('Language of instruction').fill('English');
    await section.getByLabel('Hours of instruction').fill('720');
    await section.getByLabel('Delivery method').selectOption('hybrid');
    await section.getByLabel('Online platform').fill('Microsoft Teams');
    await section.getByLabel('Online details').fill('A laptop with a webcam and a headset.');
    await section.getByRole('button', { name: 'Add a fee' }).click();
    const fees = await section.getByRole('list', { name: 'Fees (Canadian dollars)' }).getByRole('listitem').count();
    const name = section.getByLabel(`Name of fee ${fees}`);
    await expect(name.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
    await name.fill('Lab kit');
    await section.getByLabel(`Amount of fee ${fees} (CAD)`).fill('12.345');
    await section.getByLabel(`Kind of fee ${fees}`).selectOption('optional');
    await section.getByRole('button', { name: 'Save contract terms' }).click();
    await section.getByRole('alert').filter({ hasText: 'Please correct the highlighted fields.' }).waitFor();
    await section.getByText('Please enter an amount in dollars and cents, such as 1,250.00').waitFor();
    await check(page, 'terms-error', section);

    await section.getByLabel(`Amount of fee ${fees} (CAD)`).fill('$1,234.50');
    await section.getByRole('button', { name: 'Save contract terms' }).click();
    await page.getByText('Contract terms saved. New contracts state them.').first().waitFor();
    await section.getByText('Every element a contract needs from the program is filled in.').waitFor();
    const { rows } = await app.server.db.pool.query<{ amount_cents: number; kind: string }>(
      `SELECT amount_cents, kind FROM program_fees WHERE course_id = $1 AND label = 'Lab kit' AND NOT retired`,
      [courseId],
    );
    expect(rows).toEqual([{ amount_cents: 123_450, kind: 'optional' }]);
    await check(page, 'terms-saved', section);

    await page.getByRole('navigation', { name: 'Catalogue' }).getByRole('link', { name: 'Enrolment settings' }).click();
    await page.getByRole('heading', { name: 'Enrolment settings', level: 1 }).waitFor();
    await page.getByLabel("College's legal name").waitFor();
    await page.getByRole('button', { name: 'Add a step' }).click();
    await page.getByLabel('Step 1: up to this % of hours delivered').fill('100');
    await page.getByLabel('Step 1: % of fees refunded').fill('0');
    await page.getByRole('button', { name: 'Save enrolment settings' }).click();
    await page.getByText('Please name the section of the regulation the schedule comes from').first().waitFor();
    await check(page, 'settings-error', page.getByRole('main'));
    await page.getByLabel('Source of the schedule').fill('O. Reg. 415/06, s. 27');
    await page.getByRole('button', { name: 'Save enrolment settings' }).click();
    await page.getByText('Enrolment settings saved.').first().waitFor();
    const saved = await app.server.db.pool.query<{ source: string }>('SELECT refund_schedule_source AS source FROM enrolment_settings');
    expect(saved.rows[0]?.source).toBe('O. Reg. 415/06, s. 27');
  }, 120_000);
});
