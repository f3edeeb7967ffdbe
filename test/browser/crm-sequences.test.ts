/** @jest-environment node */
/**
 * Issue 23, as an admin uses it: the Sequences page (a link in the CRM navigation) creates a
 * sequence of an e-mail, a wait and a task; the lead page enrols a lead by hand and removes it,
 * and its timeline says so. Checked with axe at 1280 and 390 px.
 */
import type { Page } from 'playwright-core';
import { axeViolations, describeBrowser, describeViolations, toastsClosed } from '../support/browser';
import { useBrowserApp } from '../support/browser-app';
import { signInInBrowser } from '../support/staff';
import { insertLead, insertTemplate } from '../support/sequences';

describeBrowser('CRM sequences', () => {
  const app = useBrowserApp({ screenshots: '/tmp/shots' });
  const nav = (page: Page) => page.getByRole('navigation', { name: 'CRM' });

  test('an admin builds a sequence and enrols a lead by hand, then removes it', async () => {
    await insertTemplate(app.server.db.pool, 'Welcome to Northbridge');
    const lead = await insertLead(app.server.db.pool, { createdAt: new Date(), courseType: 3 });
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signInInBrowser(page, app.server);
    await nav(page).getByRole('link', { name: 'Sequences' }).click();
    await page.getByRole('heading', { name: 'Sequences', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'New sequence' }).click();
    const form = page.getByRole('form', { name: 'New sequence' });
    await form.getByLabel('Name').fill('Open house follow-up');
    await form.getByLabel('What it does').selectOption({ label: 'Send an e-mail template' });
    await form.getByLabel('Template').selectOption({ label: 'Welcome to Northbridge' });
    await form.getByRole('button', { name: 'Add a step' }).click();
    await form.getByLabel('What it does').nth(1).selectOption({ label: 'Wait business days' });
    await form.getByLabel('Business days').fill('2');
    await form.getByRole('button', { name: 'Add a step' }).click();
    await form.getByLabel('Subject').fill('Call about the open house');
    await form.getByLabel('Course type').selectOption({ label: 'Full Time' });
    await form.getByRole('checkbox', { name: 'Prospective student' }).check();
    await form.getByRole('button', { name: 'Save sequence' }).click();
    const list = page.getByRole('list', { name: 'Sequences' });
    await list.getByText('Wait 2 business days').waitFor();
    await list.getByText('Call for the owner: Call about the open house').waitFor();
    await list.getByText('A new lead enters (course type Full Time).').waitFor();
    await page.screenshot({ path: '/tmp/shots/crm-sequences-1280.png', fullPage: true });
    await toastsClosed(page);
    expect(describeViolations(await axeViolations(page))).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: '/tmp/shots/crm-sequences-390.png', fullPage: true });
    expect(describeViolations(await axeViolations(page))).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.goto(`${app.url}/crm/leads/${lead}`);
    const card = page.getByRole('region', { name: 'Sequences' });
    await card.getByText('Not in any sequence.').waitFor();
    await card.getByLabel('Sequence', { exact: true }).selectOption({ label: 'Open house follow-up' });
    await card.getByRole('button', { name: 'Enrol' }).click();
    await card.getByText(/In progress/).waitFor();
    await page.getByText('Entered the sequence Open house follow-up').waitFor();
    await toastsClosed(page);
    expect(describeViolations(await axeViolations(page))).toEqual([]);
    await page.screenshot({ path: '/tmp/shots/crm-lead-sequences-1280.png', fullPage: true });
    await card.getByRole('button', { name: 'Remove from Open house follow-up' }).click();
    await card.getByText(/Removed by a person/).waitFor();
    await page.getByText('Left the sequence Open house follow-up: Removed from the sequence by a person.').waitFor();
    await context.close();
  }, 90_000);
});
