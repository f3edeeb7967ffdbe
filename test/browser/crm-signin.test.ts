/** @jest-environment node */
/**
 * CRM sign-in, guard and sign-out in real Chromium against the real server (requirements R-login, R-auth-states, R-roles, R-error-toasts).
 * Latency is injected with page.route + continue (the real server still answers); nothing is faked.
 */
import type { Page } from 'playwright-core';
import { describeBrowser, eventually, timeFromToastToNavigation } from '../support/browser';
import { useBrowserApp } from '../support/browser-app';
import { ADMIN_EMAIL, ADMIN_PASSWORD, openSignedIn } from '../support/staff';

/** The seed's 2-second pause after success, less the toast's own render time on a busy machine. */
const MIN_WAIT_MS = 1500;

const storedCredentials = (page: Page) =>
  page.evaluate(() => ({ token: localStorage.getItem('token'), user: localStorage.getItem('user_public') }));

describeBrowser('CRM sign-in', () => {
  const app = useBrowserApp({ page: 'each' });

  test('login: spinner and disabled button while sending, message, both keys, 2 s move to /crm with history replaced', async () => {
    await app.page.goto(`${app.url}/crm/forgot-password`);
    await app.page.getByRole('link', { name: 'Back to login' }).click();
    await app.page.waitForURL(`${app.url}/crm/login`);
    await app.page.getByRole('heading', { level: 1, name: 'Login' }).waitFor();
    await app.page.waitForFunction((start) => document.title.startsWith(start), 'Login - ', { timeout: 3000 });
    await expect(app.page.getByLabel('Email').getAttribute('type')).resolves.toBe('email');
    await expect(app.page.getByLabel('Email').getAttribute('required')).resolves.not.toBeNull();
    await expect(app.page.getByLabel('Password').getAttribute('required')).resolves.not.toBeNull();
    await expect(app.page.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).resolves.toBe('/crm/forgot-password');
    await expect(app.page.getByRole('link', { name: 'Back to the website' }).getAttribute('href')).resolves.toBe('/');

    // Slow the request down (it still reaches the real server) to see the sending state.
    await app.page.route('**/api/users/signin', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    const visited: string[] = [];
    app.page.on('framenavigated', (frame) => {
      if (frame === app.page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });

    await app.page.getByLabel('Email').fill(ADMIN_EMAIL);
    await app.page.getByLabel('Password').fill(ADMIN_PASSWORD);
    const answered = app.page.waitForResponse('**/api/users/signin');
    const button = app.page.locator('form button[type=submit]');
    const toastToCrm = await timeFromToastToNavigation(app.page);
    await button.click();
    expect(await button.isDisabled()).toBe(true);
    expect(await app.page.getByRole('status', { name: 'Sending' }).isVisible()).toBe(true);

    const response = await answered;
    const body = (await response.json()) as { message: string; token: string; user: { email: string } };
    expect(response.status()).toBe(200);
    const toast = app.page.getByRole('alert').filter({ hasText: body.message });
    await toast.waitFor();
    // The button is enabled again once the call is over; we stay on login until the 2 s pass.
    await app.page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('form button[type=submit]')?.disabled);
    expect(await app.page.getByRole('status', { name: 'Sending' }).count()).toBe(0);
    expect(new URL(app.page.url()).pathname).toBe('/crm/login');

    const stored = await storedCredentials(app.page);
    expect(stored.token).toBe(body.token);
    expect(JSON.parse(stored.user ?? 'null')).toEqual(body.user);

    await app.page.waitForURL(`${app.url}/crm/dashboard`, { timeout: 5000 });
    const waited = await toastToCrm();
    expect(waited).toBeGreaterThanOrEqual(MIN_WAIT_MS);
    expect(waited).toBeLessThan(3500);
    expect(visited).toContain('/crm');
    expect(visited.indexOf('/crm')).toBeLessThan(visited.lastIndexOf('/crm/dashboard'));
    await app.page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await app.page.waitForFunction((start) => document.title.startsWith(start), 'Dashboard - ', { timeout: 3000 });

    // History was replaced: Back goes to the page before login, not to the login screen.
    await app.page.goBack();
    await app.page.waitForURL(`${app.url}/crm/forgot-password`);
    // Expected 4xx answers are logged by Chromium as failed resources; anything else is a bug.
    expect(app.errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([]);
  });

  test("a wrong password shows the server's message in an error toast and stores nothing", async () => {
    await app.page.goto(`${app.url}/crm/login`);
    await app.page.getByLabel('Email').fill(ADMIN_EMAIL);
    await app.page.getByLabel('Password').fill('not the password');
    const answered = app.page.waitForResponse('**/api/users/signin');
    await app.page.getByRole('button', { name: 'Login' }).click();
    const response = await answered;
    expect(response.status()).toBe(401);
    const { message } = (await response.json()) as { message: string };
    expect(message.length).toBeGreaterThan(0);
    const toast = app.page.locator('.Toastify__toast--error').filter({ hasText: message });
    await toast.waitFor();
    // Requirements R-toasts: bottom-left.
    expect(await app.page.locator('.Toastify__toast-container--bottom-left').count()).toBe(1);
    expect(await storedCredentials(app.page)).toEqual({ token: null, user: null });
    expect(await app.page.getByRole('button', { name: 'Login' }).isEnabled()).toBe(true);
    await app.page.waitForTimeout(2300);
    expect(new URL(app.page.url()).pathname).toBe('/crm/login');
  });

  test('toasts close after 5 seconds', async () => {
    await app.page.goto(`${app.url}/crm/login`);
    await app.page.getByLabel('Email').fill('nobody@test.example');
    await app.page.getByLabel('Password').fill('whatever it is');
    await app.page.getByRole('button', { name: 'Login' }).click();
    const toast = app.page.locator('.Toastify__toast');
    await toast.waitFor();
    const shownAt = Date.now();
    await app.page.waitForTimeout(3500);
    expect(await toast.count()).toBe(1);
    await toast.waitFor({ state: 'detached', timeout: 4000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(4500);
  });

  test('an already signed-in user on /crm/login goes to /crm/dashboard', async () => {
    await openSignedIn(app.page, app.server, '/crm/login');
    await app.page.waitForURL(`${app.url}/crm/dashboard`);
    await app.page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  });

  test('signed-out visitors of CRM pages are sent to the login screen', async () => {
    for (const path of ['/crm/dashboard', '/crm/leads', '/crm', '/crm/leads/000000000000000000000001']) {
      await app.page.goto(app.url + path);
      await app.page.waitForURL(`${app.url}/crm/login`);
      await app.page.getByRole('button', { name: 'Login' }).waitFor();
    }
    // Only one of the two keys is not "signed in" either (requirements R-signed-in).
    await app.page.evaluate(() => localStorage.setItem('token', 'x'.repeat(43)));
    await app.page.goto(`${app.url}/crm/dashboard`);
    await app.page.waitForURL(`${app.url}/crm/login`);
  });

  test('/crm leads to /crm/dashboard when signed in', async () => {
    await openSignedIn(app.page, app.server, '/crm');
    await app.page.waitForURL(`${app.url}/crm/dashboard`);
  });

  test('sign-out revokes the session on the server, clears storage and returns to login', async () => {
    const { token, user } = await openSignedIn(app.page, app.server);
    await app.page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    // The header names the staff member.
    await app.page.getByRole('banner').getByText(user.name, { exact: true }).waitFor();
    await app.page.getByRole('button', { name: 'Sign out' }).click();
    await app.page.waitForURL(`${app.url}/crm/login`);
    expect(await storedCredentials(app.page)).toEqual({ token: null, user: null });
    const me = await fetch(`${app.url}/api/users/me`, { headers: { Authorization: `Bearer ${token}` } });
    expect(me.status).toBe(401);
    await app.page.goto(`${app.url}/crm/dashboard`);
    await app.page.waitForURL(`${app.url}/crm/login`);
  });

  test('a session ended elsewhere (401) clears the credentials and returns to login with a message', async () => {
    const { token } = await openSignedIn(app.page, app.server);
    await app.page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    // Listening before the revocation: the dashboard's own refresh may be the first call to meet it.
    const answered = app.page.waitForResponse((r) => r.url().includes('/api/crm/') && r.status() === 401);
    const revoked = await fetch(`${app.url}/api/users/signout`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
    expect(revoked.status).toBe(200);
    // The leads screen makes several staff calls (leads, the staff list for the owner filter): the
    // first to answer 401 ends the session in the browser and the others are aborted. If a call of
    // the dashboard met the 401 first, the menu is already gone: that is the same ending.
    await app.page
      .getByRole('navigation', { name: 'CRM' })
      .getByRole('link', { name: 'Leads' })
      .click({ timeout: 5_000 })
      .catch(() => undefined);
    const response = await answered;
    expect(response.status()).toBe(401);
    const { message } = (await response.json()) as { message: string };
    await app.page.waitForURL(`${app.url}/crm/login`);
    await app.page.locator('.Toastify__toast').filter({ hasText: message }).waitFor();
    expect(await storedCredentials(app.page)).toEqual({ token: null, user: null });
  });

  test('the sidebar toggle shows and hides the menu and says so (aria-expanded)', async () => {
    await openSignedIn(app.page, app.server);
    const toggle = app.page.getByRole('button', { name: 'Menu' });
    const sidebar = app.page.locator('#crm-sidebar');
    await eventually(() => toggle.getAttribute('aria-expanded'), 'true');
    await eventually(() => sidebar.isVisible(), true);
    await toggle.click();
    await eventually(() => toggle.getAttribute('aria-expanded'), 'false');
    await eventually(() => sidebar.isVisible(), false);
    await toggle.click();
    await eventually(() => sidebar.isVisible(), true);
  });

  test('issue 31: on a phone the menu starts closed behind ☰; it opens, closes with Escape or once used; at 1280 px it is open (sidebarShow)', async () => {
    const { page } = app;
    await page.setViewportSize({ width: 390, height: 844 });
    await openSignedIn(page, app.server);
    const toggle = page.getByRole('button', { name: 'Menu' });
    const menu = page.getByRole('navigation', { name: 'CRM' });
    const heading = page.getByRole('heading', { level: 1, name: 'Dashboard' });
    await heading.waitFor();
    await eventually(() => toggle.getAttribute('aria-expanded'), 'false');
    expect(await menu.isVisible()).toBe(false);
    // The page starts right under the header, not ~290 px down under the menu.
    expect((await heading.boundingBox())?.y).toBeLessThan(120);

    await toggle.click();
    await eventually(() => toggle.getAttribute('aria-expanded'), 'true');
    await menu.getByRole('link', { name: 'Leads' }).waitFor();
    expect(await toggle.evaluate((button) => button === document.activeElement)).toBe(true);
    // Into the menu by keyboard, and Escape closes it with focus back on ☰.
    await menu.getByRole('link', { name: 'Dashboard' }).focus();
    await page.keyboard.press('Escape');
    await eventually(() => toggle.getAttribute('aria-expanded'), 'false');
    expect(await toggle.evaluate((button) => button === document.activeElement)).toBe(true);
    // Choosing a page closes the menu; the new page's heading has focus.
    await toggle.click();
    await menu.getByRole('link', { name: 'Leads' }).click();
    await page.getByRole('heading', { level: 1, name: 'Leads' }).waitFor();
    await eventually(() => toggle.getAttribute('aria-expanded'), 'false');
    await eventually(() => page.evaluate(() => document.activeElement?.tagName), 'H1');

    // At desktop width the spec's sidebarShow (default true) rules: the sidebar is open.
    await page.setViewportSize({ width: 1280, height: 800 });
    await eventually(() => toggle.getAttribute('aria-expanded'), 'true');
    expect(await menu.isVisible()).toBe(true);
  });
});
