/** @jest-environment node */
/**
 * The "done when", as a new user would try it: a visitor who came from a search ad submits
 * the inquiry widget on the college site; a staff member signs in through the login screen, lands
 * on the dashboard, finds the inquiry, moves it to Hot Lead and signs out.
 */
import { describeBrowser } from '../support/browser';
import { useBrowserApp } from '../support/browser-app';
import { firstCourse, signInInBrowser } from '../support/staff';

describeBrowser('CRM journey: widget inquiry to Hot Lead', () => {
  const app = useBrowserApp();

  test('an inquiry submitted through the widget shows in the CRM and its stage can be changed', async () => {
    const course = await firstCourse(app.server, 1);

    // The visitor: lands from a search ad, opens the form with a preset course, submits.
    const visitor = await app.browser.newContext();
    const site = await visitor.newPage();
    await site.goto(`${app.url}/?gclid=journey-click-1&utm_source=google&utm_medium=cpc&utm_campaign=journey`);
    await site.waitForFunction(() => typeof (window.CollegeInquiry as { version?: string } | undefined)?.version === 'string');
    await site.evaluate(([id]) => window.CollegeInquiry?.open?.(id, 1), [course._id]);
    const form = site.getByRole('dialog', { name: 'Student Inquiry Form' });
    await form.waitFor();
    await form.getByLabel('First Name *').fill('Margaret');
    await form.getByLabel('Last Name *').fill('Hamilton');
    await form.getByLabel('Email *').fill('margaret.hamilton@example.com');
    await form.getByLabel('Phone *').fill('4162345678');
    await form.getByRole('button', { name: 'Submit' }).click();
    await site.waitForURL(`${app.url}/thank-you`, { timeout: 10_000 });
    await visitor.close();

    // The staff member: signs in on the login screen and lands on the dashboard.
    const staff = await app.browser.newContext();
    const page = await staff.newPage();
    await signInInBrowser(page, app.server);
    await page.getByRole('region', { name: 'Newest leads' }).getByRole('rowheader', { name: 'Margaret Hamilton' }).waitFor();

    await page.getByRole('navigation', { name: 'CRM' }).getByRole('link', { name: 'Leads' }).click();
    await page.getByLabel('Search name, e-mail or phone').fill('hamilton');
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.locator('table.crm-table tbody tr').filter({ has: page.getByRole('rowheader', { name: 'Margaret Hamilton' }) });
    await row.waitFor();
    expect((await row.locator('th, td').allInnerTexts()).slice(0, 9)).toEqual([
      'Margaret Hamilton',
      'margaret.hamilton@example.com',
      '416-234-5678',
      course.course_name,
      'Full Time',
      'Local Student',
      'No',
      'Search ad',
      'New Lead',
    ]);

    await row.getByRole('link', { name: 'Margaret Hamilton' }).click();
    await page.getByRole('heading', { level: 1, name: 'Margaret Hamilton' }).waitFor();
    const utm = page
      .locator('dl.crm-details div')
      .filter({ has: page.getByText('UTM campaign', { exact: true }) })
      .locator('dd');
    expect(await utm.innerText()).toBe('journey');
    await page.getByLabel('Stage', { exact: true }).selectOption({ label: 'Hot Lead' });
    await page.getByRole('button', { name: 'Save stage' }).click();
    await page.locator('.Toastify__toast--success').filter({ hasText: 'Hot Lead' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Stage: Hot Lead' }).waitFor();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${app.url}/crm/login`);
    await staff.close();
  });
});
