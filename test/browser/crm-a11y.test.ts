/** @jest-environment node */
/**
 * axe-core (WCAG 2.1 A/AA) on every CRM screen, at desktop and phone widths, with screenshots
 * in /tmp/shots for a human look; and the CRM stays out of the public home's first load.
 */
import type { Page } from 'playwright-core';
import { axeViolations, describeBrowser, describeViolations, sidewaysOverflow } from '../support/browser';
import { useBrowserApp } from '../support/browser-app';
import { createLead, openSignedIn } from '../support/staff';

const SHOTS = '/tmp/shots';
const WIDTHS = [1280, 390] as const;

describeBrowser('CRM accessibility and layout', () => {
  const app = useBrowserApp({ screenshots: SHOTS });

  beforeAll(async () => {
    await createLead(app.server, {
      first_name: 'Katherine',
      last_name: 'Johnson',
      email: 'katherine.johnson@example.com',
      phone: '+14162345678',
      source: 4,
      location: 1,
      financial_aid: true,
      utm_source: 'facebook',
      utm_medium: 'social',
      landing_page: 'https://partner.example/apply?fbclid=xyz',
      referrer: 'https://m.facebook.com/',
    });
  });

  async function check(page: Page, name: string, width: number) {
    const violations = await axeViolations(page);
    expect(describeViolations(violations)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/crm-${name}-${width}.png`, fullPage: true });
    // Usable at this width: nothing wider than the viewport.
    const overflow = await sidewaysOverflow(page);
    expect(overflow).toBeLessThanOrEqual(0);
  }

  test.each(WIDTHS)('login, forgot and reset screens at %i px', async (width) => {
    const context = await app.browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${app.url}/crm/login`);
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await check(page, 'login', width);
    await page.goto(`${app.url}/crm/forgot-password`);
    await page.getByRole('button', { name: 'Send' }).waitFor();
    await check(page, 'forgot', width);
    await page.goto(`${app.url}/crm/password-reset/${'a'.repeat(24)}/${'b'.repeat(43)}`);
    await page.getByRole('button', { name: 'Reset' }).waitFor();
    await check(page, 'reset', width);
    // With a toast showing (bottom-left).
    await page.getByLabel('Password', { exact: true }).fill('one password');
    await page.getByLabel('Confirm Password', { exact: true }).fill('another one');
    await page.getByRole('button', { name: 'Reset' }).click();
    await page.locator('.Toastify__toast').waitFor();
    await check(page, 'reset-toast', width);
    await context.close();
  });

  test.each(WIDTHS)('dashboard, leads and a lead at %i px', async (width) => {
    const context = await app.browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    await openSignedIn(page, app.server, '/crm/dashboard');
    await page.getByRole('heading', { level: 2, name: 'Newest leads' }).waitFor();
    await check(page, 'dashboard', width);
    await page.goto(`${app.url}/crm/leads`);
    await page.getByRole('rowheader', { name: 'Katherine Johnson' }).waitFor();
    await check(page, 'leads', width);
    await page.getByRole('link', { name: 'Katherine Johnson' }).click();
    await page.getByRole('heading', { level: 1, name: 'Katherine Johnson' }).waitFor();
    await check(page, 'lead', width);
    await page.getByRole('button', { name: 'Menu' }).click();
    await check(page, 'lead-sidebar-hidden', width);
    await context.close();
  });

  test('keyboard: the login form is reachable and submits with Enter', async () => {
    const context = await app.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${app.url}/crm/login`);
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('login-email');
    await page.keyboard.type('admin@test.example');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('login-password');
    await page.keyboard.type('correct horse battery staple');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${app.url}/crm/dashboard`, { timeout: 6000 });
    // Focus moves to the new screen's heading.
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    await context.close();
  });

  test('the CRM code is not part of the public home first load', async () => {
    const context = await app.browser.newContext();
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${app.url}/`);
    await page.waitForLoadState('networkidle');
    expect(scripts.some((s) => s.includes('CrmApp'))).toBe(false);
    await page.goto(`${app.url}/crm/login`);
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(scripts.some((s) => s.includes('CrmApp'))).toBe(true);
    await context.close();
  });
});
