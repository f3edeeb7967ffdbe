/** @jest-environment node */
/**
 * CRM sign-in, guard and sign-out in real Chromium against the real server (seed §2, §4, §6, §8).
 * Latency is injected with page.route + continue (the real server still answers); nothing is faked.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describeBrowser, eventually, launchBrowser, timeFromToastToNavigation, trackPageErrors } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';
import { ADMIN_EMAIL, ADMIN_PASSWORD, openSignedIn } from '../support/staff';

/** The seed's 2-second pause after success, less the toast's own render time on a busy machine. */
const MIN_WAIT_MS = 1500;

const storedCredentials = (page: Page) =>
  page.evaluate(() => ({ token: localStorage.getItem('token'), user: localStorage.getItem('user_public') }));

describeBrowser('CRM sign-in', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  beforeEach(async () => {
    context = await browser.newContext();
    page = await context.newPage();
    errors = trackPageErrors(page);
  });
  afterEach(async () => {
    await context.close();
  });

  test('login: spinner and disabled button while sending, message, both keys, 2 s move to /crm with history replaced', async () => {
    await page.goto(`${server.url}/crm/forgot-password`);
    await page.getByRole('link', { name: 'Back to login' }).click();
    await page.waitForURL(`${server.url}/crm/login`);
    await page.getByRole('heading', { level: 1, name: 'Login' }).waitFor();
    await page.waitForFunction((start) => document.title.startsWith(start), 'Login - ', { timeout: 3000 });
    await expect(page.getByLabel('Email').getAttribute('type')).resolves.toBe('email');
    await expect(page.getByLabel('Email').getAttribute('required')).resolves.not.toBeNull();
    await expect(page.getByLabel('Password').getAttribute('required')).resolves.not.toBeNull();
    await expect(page.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).resolves.toBe('/crm/forgot-password');
    await expect(page.getByRole('link', { name: 'Back to the website' }).getAttribute('href')).resolves.toBe('/');

    // Slow the request down (it still reaches the real server) to see the sending state.
    await page.route('**/api/users/signin', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    const visited: string[] = [];
    page.on('framenavigated', (frame) => { if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname); });

    await page.getByLabel('Email').fill(ADMIN_EMAIL);
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    const answered = page.waitForResponse('**/api/users/signin');
    const button = page.locator('form button[type=submit]');
    const toastToCrm = await timeFromToastToNavigation(page);
    await button.click();
    expect(await button.isDisabled()).toBe(true);
    expect(await page.getByRole('status', { name: 'Sending' }).isVisible()).toBe(true);

    const response = await answered;
    const body = (await response.json()) as { message: string; token: string; user: { email: string } };
    expect(response.status()).toBe(200);
    const toast = page.getByRole('alert').filter({ hasText: body.message });
    await toast.waitFor();
    // The button is enabled again once the call is over; we stay on login until the 2 s pass.
    await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('form button[type=submit]')?.disabled);
    expect(await page.getByRole('status', { name: 'Sending' }).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/crm/login');

    const stored = await storedCredentials(page);
    expect(stored.token).toBe(body.token);
    expect(JSON.parse(stored.user ?? 'null')).toEqual(body.user);

    await page.waitForURL(`${server.url}/crm/dashboard`, { timeout: 5000 });
    const waited = await toastToCrm();
    expect(waited).toBeGreaterThanOrEqual(MIN_WAIT_MS);
    expect(waited).toBeLessThan(3500);
    expect(visited).toContain('/crm');
    expect(visited.indexOf('/crm')).toBeLessThan(visited.lastIndexOf('/crm/dashboard'));
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.waitForFunction((start) => document.title.startsWith(start), 'Dashboard - ', { timeout: 3000 });

    // History was replaced: Back goes to the page before login, not to the login screen.
    await page.goBack();
    await page.waitForURL(`${server.url}/crm/forgot-password`);
    // Expected 4xx answers are logged by Chromium as failed resources; anything else is a bug.
    expect(errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([]);
  });

  test("a wrong password shows the server's message in an error toast and stores nothing", async () => {
    await page.goto(`${server.url}/crm/login`);
    await page.getByLabel('Email').fill(ADMIN_EMAIL);
    await page.getByLabel('Password').fill('not the password');
    const answered = page.waitForResponse('**/api/users/signin');
    await page.getByRole('button', { name: 'Login' }).click();
    const response = await answered;
    expect(response.status()).toBe(401);
    const { message } = (await response.json()) as { message: string };
    expect(message.length).toBeGreaterThan(0);
    const toast = page.locator('.Toastify__toast--error').filter({ hasText: message });
    await toast.waitFor();
    // Seed §2, §9: bottom-left.
    expect(await page.locator('.Toastify__toast-container--bottom-left').count()).toBe(1);
    expect(await storedCredentials(page)).toEqual({ token: null, user: null });
    expect(await page.getByRole('button', { name: 'Login' }).isEnabled()).toBe(true);
    await page.waitForTimeout(2300);
    expect(new URL(page.url()).pathname).toBe('/crm/login');
  });

  test('toasts close after 5 seconds', async () => {
    await page.goto(`${server.url}/crm/login`);
    await page.getByLabel('Email').fill('nobody@test.example');
    await page.getByLabel('Password').fill('whatever it is');
    await page.getByRole('button', { name: 'Login' }).click();
    const toast = page.locator('.Toastify__toast');
    await toast.waitFor();
    const shownAt = Date.now();
    await page.waitForTimeout(3500);
    expect(await toast.count()).toBe(1);
    await toast.waitFor({ state: 'detached', timeout: 4000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(4500);
  });

  test('an already signed-in user on /crm/login goes to /crm/dashboard', async () => {
    await openSignedIn(page, server, '/crm/login');
    await page.waitForURL(`${server.url}/crm/dashboard`);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  });

  test('signed-out visitors of CRM pages are sent to the login screen', async () => {
    for (const path of ['/crm/dashboard', '/crm/leads', '/crm', '/crm/leads/000000000000000000000001']) {
      await page.goto(server.url + path);
      await page.waitForURL(`${server.url}/crm/login`);
      await page.getByRole('button', { name: 'Login' }).waitFor();
    }
    // Only one of the two keys is not "signed in" either (seed §4).
    await page.evaluate(() => localStorage.setItem('token', 'x'.repeat(43)));
    await page.goto(`${server.url}/crm/dashboard`);
    await page.waitForURL(`${server.url}/crm/login`);
  });

  test('/crm leads to /crm/dashboard when signed in', async () => {
    await openSignedIn(page, server, '/crm');
    await page.waitForURL(`${server.url}/crm/dashboard`);
  });

  test('sign-out revokes the session on the server, clears storage and returns to login', async () => {
    const { token, user } = await openSignedIn(page, server);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    // The header names the staff member.
    await page.getByRole('banner').getByText(user.name, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${server.url}/crm/login`);
    expect(await storedCredentials(page)).toEqual({ token: null, user: null });
    const me = await fetch(`${server.url}/api/users/me`, { headers: { Authorization: `Bearer ${token}` } });
    expect(me.status).toBe(401);
    await page.goto(`${server.url}/crm/dashboard`);
    await page.waitForURL(`${server.url}/crm/login`);
  });

  test('a session ended elsewhere (401) clears the credentials and returns to login with a message', async () => {
    const { token } = await openSignedIn(page, server);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    const revoked = await fetch(`${server.url}/api/users/signout`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
    expect(revoked.status).toBe(200);
    // The leads screen makes several staff calls (leads, the staff list for the owner filter): the
    // first to answer 401 ends the session in the browser and the others are aborted.
    const answered = page.waitForResponse((r) => r.url().includes('/api/crm/') && r.status() === 401);
    await page.getByRole('navigation', { name: 'CRM' }).getByRole('link', { name: 'Leads' }).click();
    const response = await answered;
    expect(response.status()).toBe(401);
    const { message } = (await response.json()) as { message: string };
    await page.waitForURL(`${server.url}/crm/login`);
    await page.locator('.Toastify__toast').filter({ hasText: message }).waitFor();
    expect(await storedCredentials(page)).toEqual({ token: null, user: null });
  });

  test('the sidebar toggle shows and hides the menu and says so (aria-expanded)', async () => {
    await openSignedIn(page, server);
    const toggle = page.getByRole('button', { name: 'Menu' });
    const sidebar = page.locator('#crm-sidebar');
    await eventually(() => toggle.getAttribute('aria-expanded'), 'true');
    await eventually(() => sidebar.isVisible(), true);
    await toggle.click();
    await eventually(() => toggle.getAttribute('aria-expanded'), 'false');
    await eventually(() => sidebar.isVisible(), false);
    await toggle.click();
    await eventually(() => sidebar.isVisible(), true);
  });
});
