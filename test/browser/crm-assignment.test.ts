/** @jest-environment node */
/**
 * Issue 23, as an admin uses it: the Assignment page (admins only, in the CRM navigation) adds a
 * round-robin rule with a counsellor and a cap and sets speed to lead; the dashboard shows the
 * median time to first contact with its data tables. Accessible (axe) at 1280 and 390 px.
 */
import type { Page } from 'playwright-core';
import { axeViolations, describeBrowser, describeViolations, toastsClosed } from '../support/browser';
import { useBrowserApp } from '../support/browser-app';
import { signInInBrowser } from '../support/staff';
import { addStaff } from '../support/crm-staff';

describeBrowser('CRM assignment rules', () => {
  const app = useBrowserApp({ screenshots: '/tmp/shots' });
  const nav = (page: Page) => page.getByRole('navigation', { name: 'CRM' });

  test('an admin adds a rule and sets speed to lead; the dashboard shows time to first contact', async () => {
    await addStaff(app.server, 'Rita Round');
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signInInBrowser(page, app.server);
    await page.getByRole('heading', { name: 'Median time to first contact by week (business hours)' }).waitFor();
    await page.getByRole('heading', { name: 'Median time to first contact by counsellor (business hours)' }).waitFor();

    await nav(page).getByRole('link', { name: 'Assignment' }).click();
    await page.getByRole('heading', { name: 'Assignment', level: 1 }).waitFor();
    await page.getByText('No rules yet').waitFor();
    await page.getByRole('button', { name: 'Add a rule' }).click();
    const form = page.getByRole('form', { name: 'New rule' });
    await form.getByLabel('Rule name').fill('Part-time, everyone');
    await form.getByLabel('Course type').selectOption({ label: 'Part Time' });
    await form.getByLabel('Cap of open New Lead leads per counsellor').fill('12');
    await form.getByLabel('Rita Round').check();
    await form.getByRole('button', { name: 'Save rule' }).click();
    const rule = page.getByRole('listitem').filter({ hasText: 'Part-time, everyone' });
    await rule.getByText('Part Time · local and international · cap 12 open New Lead leads — Rita Round').waitFor();

    await page.getByLabel('Speed to lead (business hours)').fill('3');
    await page.getByRole('button', { name: 'Save speed to lead' }).click();
    await page.getByText('Speed to lead saved.').first().waitFor();
    await page.screenshot({ path: '/tmp/shots/crm-assignment-1280.png', fullPage: true });
    await toastsClosed(page);
    expect(describeViolations(await axeViolations(page))).toEqual([]);

    await page.getByRole('button', { name: 'Edit rule Part-time, everyone' }).click();
    await page.getByRole('form', { name: 'Edit rule Part-time, everyone' }).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: '/tmp/shots/crm-assignment-390.png', fullPage: true });
    expect(describeViolations(await axeViolations(page))).toEqual([]);
    await context.close();
  }, 90_000);
});
