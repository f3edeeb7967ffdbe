/** @jest-environment node */
/**
 * Forgot and reset password end to end (requirements R-forgot, R-auth-states, R-validation, R-errors): the real server sends the mail to a
 * real SMTP server started here; its link is opened in Chromium.
 */
import { describeBrowser, timeFromToastToNavigation, trackPageErrors } from '../support/browser';
import { useBrowserApp } from '../support/browser-app';
import { ADMIN_EMAIL, ADMIN_PASSWORD, signInInBrowser, signInThroughApi } from '../support/staff';

/** The seed's 2-second pause after success, less the toast's own render time on a busy machine. */
const MIN_WAIT_MS = 1500;

const NEW_PASSWORD = 'a brand new secret 42';

/** The reset link in a raw message (quoted-printable soft breaks and escapes undone). */
function resetLinkOf(raw: string): string {
  const decoded = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const link = /https?:\/\/[^\s"<>]+\/crm\/password-reset\/[0-9a-f]{24}\/[A-Za-z0-9_-]+/.exec(decoded)?.[0];
  if (!link) throw new Error(`no reset link in the mail:\n${decoded}`);
  return link;
}

describeBrowser('CRM forgot and reset password', () => {
  const app = useBrowserApp({ smtp: true, page: 'each' });

  test('forgot -> mail -> reset (mismatch sends nothing) -> login with the new password; old password, old session and the used link fail', async () => {
    const errors = trackPageErrors(app.page);
    const oldSession = await signInThroughApi(app.server);

    // Forgot password.
    await app.page.goto(`${app.url}/crm/forgot-password`);
    await app.page.getByRole('heading', { level: 1, name: 'Forgot Password' }).waitFor();
    await app.page.waitForFunction((start) => document.title.startsWith(start), 'Forgot Password - ', { timeout: 3000 });
    await expect(app.page.getByRole('link', { name: 'Back to login' }).getAttribute('href')).resolves.toBe('/crm/login');
    await app.page.getByLabel('Please enter your registered email', { exact: true }).fill(ADMIN_EMAIL);
    const requested = app.page.waitForResponse('**/api/users/reset-password');
    const sentToLogin = await timeFromToastToNavigation(app.page);
    await app.page.getByRole('button', { name: 'Send' }).click();
    const requestAnswer = await requested;
    expect(requestAnswer.status()).toBe(200);
    const { message: sentMessage } = (await requestAnswer.json()) as { message: string };
    await app.page.locator('.Toastify__toast').filter({ hasText: sentMessage }).waitFor();
    await app.page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('form button[type=submit]')?.disabled);
    expect(new URL(app.page.url()).pathname).toBe('/crm/forgot-password');
    await app.page.waitForURL(`${app.url}/crm/login`, { timeout: 5000 });
    expect(await sentToLogin()).toBeGreaterThanOrEqual(MIN_WAIT_MS);

    // The e-mail arrives through real SMTP; its link opens the reset screen.
    const mail = await app.smtp.waitForMail(ADMIN_EMAIL, 20_000);
    const link = resetLinkOf(mail.raw);
    expect(link.startsWith(`${app.url}/crm/password-reset/`)).toBe(true);
    await app.page.goto(link);
    await app.page.getByRole('heading', { level: 1, name: 'Reset Password' }).waitFor();
    await app.page.waitForFunction((start) => document.title.startsWith(start), 'Reset Password - ', { timeout: 3000 });
    await expect(app.page.getByRole('link', { name: 'Back to login' }).getAttribute('href')).resolves.toBe('/crm/login');
    await expect(app.page.getByRole('link', { name: 'Back to the website' }).getAttribute('href')).resolves.toBe('/');

    // A mismatch: the seed's message, and nothing is sent.
    const resetCalls: string[] = [];
    app.page.on('request', (request) => {
      if (request.url().includes('/api/users/reset-password/')) resetCalls.push(request.url());
    });
    await app.page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await app.page.getByLabel('Confirm Password', { exact: true }).fill(`${NEW_PASSWORD}!`);
    await app.page.getByRole('button', { name: 'Reset' }).click();
    await app.page.locator('.Toastify__toast--error').filter({ hasText: 'Password and Confirm Password are not same' }).waitFor();
    await app.page.waitForTimeout(300);
    expect(resetCalls).toEqual([]);

    // A valid reset: the server's message, then after 2 s the login screen.
    await app.page.getByLabel('Confirm Password', { exact: true }).fill(NEW_PASSWORD);
    const reset = app.page.waitForResponse('**/api/users/reset-password/**');
    const resetToLogin = await timeFromToastToNavigation(app.page);
    await app.page.getByRole('button', { name: 'Reset' }).click();
    const resetAnswer = await reset;
    expect(resetAnswer.status()).toBe(200);
    expect(resetCalls).toHaveLength(1);
    const sentBody = JSON.parse(resetAnswer.request().postData() ?? '{}') as Record<string, string>;
    const [userId, token] = new URL(link).pathname.split('/').slice(-2);
    expect(sentBody).toEqual({ password: NEW_PASSWORD, cPassword: NEW_PASSWORD, userId, token });
    const { message: doneMessage } = (await resetAnswer.json()) as { message: string };
    await app.page.locator('.Toastify__toast--success').filter({ hasText: doneMessage }).waitFor();
    await app.page.waitForURL(`${app.url}/crm/login`, { timeout: 5000 });
    expect(await resetToLogin()).toBeGreaterThanOrEqual(MIN_WAIT_MS);

    // The new password works in the browser.
    await signInInBrowser(app.page, app.server, ADMIN_EMAIL, NEW_PASSWORD);

    // The old password and the session from before the reset no longer work.
    const oldPassword = await fetch(`${app.url}/api/users/signin`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    expect(oldPassword.status).toBe(401);
    const me = await fetch(`${app.url}/api/users/me`, { headers: { Authorization: `Bearer ${oldSession.token}` } });
    expect(me.status).toBe(401);

    // The same link fails a second time, with the server's message.
    const second = await app.context.newPage();
    await second.goto(link);
    await second.getByLabel('Password', { exact: true }).fill('yet another secret 7');
    await second.getByLabel('Confirm Password', { exact: true }).fill('yet another secret 7');
    const again = second.waitForResponse('**/api/users/reset-password/**');
    await second.getByRole('button', { name: 'Reset' }).click();
    const againAnswer = await again;
    expect(againAnswer.status()).toBe(400);
    const { message: refused } = (await againAnswer.json()) as { message: string };
    await second.locator('.Toastify__toast--error').filter({ hasText: refused }).waitFor();
    await second.waitForTimeout(2300);
    expect(new URL(second.url()).pathname).toMatch(/^\/crm\/password-reset\//);
    // Expected 4xx answers are logged by Chromium as failed resources; anything else is a bug.
    expect(errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([]);
  });

  test('forgot-password gives the same answer for an unknown address and sends no mail', async () => {
    await app.page.goto(`${app.url}/crm/forgot-password`);
    await app.page.getByLabel('Please enter your registered email', { exact: true }).fill('nobody-here@test.example');
    const requested = app.page.waitForResponse('**/api/users/reset-password');
    await app.page.getByRole('button', { name: 'Send' }).click();
    const answer = await requested;
    expect(answer.status()).toBe(200);
    const { message } = (await answer.json()) as { message: string };
    await app.page.locator('.Toastify__toast').filter({ hasText: message }).waitFor();
    await app.page.waitForURL(`${app.url}/crm/login`, { timeout: 5000 });
    await expect(app.smtp.waitForMail('nobody-here@test.example', 1500)).rejects.toThrow(/no mail/);
  });
});
