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
import { MANUAL_ENROLMENT_ONLY } from '../../src/sequence-text';

/**
 * The buttons, links and fields a toast's box covers, as far as each is visible (inside the window
 * and every clipping scroll area around it): issue 31 wants none.
 */
function controlsUnderToast(page: Page, text: string): Promise<string[]> {
  return page.evaluate((wanted) => {
    const toast = [...document.querySelectorAll('.Toastify__toast')].find((t) => t.textContent?.includes(wanted));
    if (!toast) return ['no toast'];
    const t = toast.getBoundingClientRect();
    const shown = (el: Element) => {
      const r = el.getBoundingClientRect();
      const box = {
        left: Math.max(r.left, 0),
        top: Math.max(r.top, 0),
        right: Math.min(r.right, innerWidth),
        bottom: Math.min(r.bottom, innerHeight),
      };
      for (let up = el.parentElement; up; up = up.parentElement) {
        if (getComputedStyle(up).overflowY === 'visible') continue;
        const c = up.getBoundingClientRect();
        Object.assign(box, {
          left: Math.max(box.left, c.left),
          top: Math.max(box.top, c.top),
          right: Math.min(box.right, c.right),
          bottom: Math.min(box.bottom, c.bottom),
        });
      }
      return box;
    };
    return [...document.querySelectorAll('a[href], button, input, select, textarea')]
      .filter((el) => !el.closest('.Toastify') && el.checkVisibility())
      .filter((el) => {
        const b = shown(el);
        return b.right > b.left && b.bottom > b.top && b.left < t.right && t.left < b.right && b.top < t.bottom && t.top < b.bottom;
      })
      .map((el) => el.outerHTML.slice(0, 100));
  }, text);
}

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
    // Issue 31: with every condition on "Any" the editor says plainly that only staff enrol leads.
    await form.getByText(`Who enters: ${MANUAL_ENROLMENT_ONLY}`).waitFor();
    await form.getByLabel('Name').fill('Open house follow-up');
    await form.getByLabel('What it does').selectOption({ label: 'Send an e-mail template' });
    await form.getByLabel('Template').selectOption({ label: 'Welcome to Northbridge' });
    await form.getByRole('button', { name: 'Add a step' }).click();
    await form.getByLabel('What it does').nth(1).selectOption({ label: 'Wait business days' });
    await form.getByLabel('Business days').fill('2');
    await form.getByRole('button', { name: 'Add a step' }).click();
    await form.getByLabel('Subject').fill('Call about the open house');
    await form.getByLabel('Course type').selectOption({ label: 'Full Time' });
    await form.getByText('Who enters: A new lead enters (course type Full Time).').waitFor();
    await form.getByRole('checkbox', { name: 'Prospective student' }).check();
    await form.getByRole('button', { name: 'Save sequence' }).click();
    const list = page.getByRole('list', { name: 'Sequences' });
    await list.getByText('Wait 2 business days').waitFor();
    await list.getByText('Call for the owner: Call about the open house').waitFor();
    await list.getByText('A new lead enters (course type Full Time).').waitFor();
    // Issue 31: "Sequence saved." covers no control, beside the sidebar at 1280 px and docked under the content at 390 px.
    const saved = page.locator('.Toastify__toast').filter({ hasText: 'Sequence saved.' });
    await saved.waitFor();
    await page.waitForTimeout(800); // the entry animation ends where the toast stays
    expect(await controlsUnderToast(page, 'Sequence saved.')).toEqual([]);
    await page.screenshot({ path: '/tmp/shots/crm-sequences-toast-1280.png' });
    await toastsClosed(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Save sequence' }).click();
    await saved.waitFor();
    await page.waitForTimeout(800);
    expect(await controlsUnderToast(page, 'Sequence saved.')).toEqual([]);
    await page.screenshot({ path: '/tmp/shots/crm-sequences-toast-390.png' });
    await page.setViewportSize({ width: 1280, height: 900 });
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
