/** @jest-environment node */
/**
 * Two-factor sign-in end to end in Chromium, as a staff member does it: set it up from the CRM
 * (password, QR code and key, first code, recovery codes), sign in with a code, sign in with a
 * recovery code, and require it of everyone: another account then sees only the set-up page.
 * Screenshots go to /tmp/shots for a human look; every screen passes axe-core.
 */
import { axeViolations, describeBrowser, describeViolations, eventually, sidewaysOverflow } from '../support/browser';
import { useBrowserApp } from '../support/browser-app';
import { ADMIN_EMAIL, ADMIN_PASSWORD, signInInBrowser } from '../support/staff';
import { totpCode } from '../support/totp';
import { createUser } from '../../server/auth/users';

const SHOTS = '/tmp/shots';

describeBrowser('CRM two-factor sign-in', () => {
  const app = useBrowserApp({ page: 'each', screenshots: SHOTS });
  let secret = '';
  let recoveryCodes: string[] = [];

  async function expectAccessible(name: string) {
    expect(describeViolations(await axeViolations(app.page))).toEqual([]);
    // The phone width first: the test goes on at 1280 px, where the menu is open (at 390 px it starts closed).
    for (const width of [390, 1280]) {
      await app.page.setViewportSize({ width, height: 900 });
      await app.page.screenshot({ path: `${SHOTS}/crm-two-factor-${name}-${width}.png`, fullPage: true });
      expect(await sidewaysOverflow(app.page)).toBeLessThanOrEqual(0);
    }
  }

  async function signOut() {
    await app.page.getByRole('button', { name: 'Sign out' }).click();
    await app.page.waitForURL(`${app.url}/crm/login`);
  }

  /** The login screen's first step, then its code step with `code`. */
  async function signInWithCode(email: string, code: string) {
    await app.page.goto(`${app.url}/crm/login`);
    await app.page.getByLabel('Email').fill(email);
    await app.page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await app.page.getByRole('button', { name: 'Login' }).click();
    await app.page.getByRole('heading', { level: 1, name: 'Two-factor sign-in' }).waitFor();
    await app.page.getByText('Enter the 6-digit code from your authenticator app.').waitFor();
    // The code field has focus: type straight into it.
    await eventually(() => app.page.evaluate(() => document.activeElement?.id ?? ''), 'login-code');
    await app.page.keyboard.type(code);
    await app.page.getByRole('button', { name: 'Verify' }).click();
  }

  test('set it up from the CRM: password, QR code and key, first code, ten recovery codes', async () => {
    await signInInBrowser(app.page, app.server);
    await app.page.getByRole('link', { name: 'My account' }).click();
    await app.page.getByRole('link', { name: 'Two-factor sign-in settings' }).click();
    await app.page.getByRole('heading', { level: 1, name: 'Two-factor sign-in' }).waitFor();
    await app.page.getByText('Two-factor sign-in is off for your account.').waitFor();
    await app.page.getByLabel('Current password').fill('not my password');
    await app.page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await app.page.getByText('Your current password is not correct.').waitFor();

    await app.page.getByLabel('Current password').fill(ADMIN_PASSWORD);
    await app.page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    const qr = app.page.getByRole('img', { name: 'QR code to scan with your authenticator app' });
    await qr.waitFor();
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    secret = (await app.page.locator('code.crm-secret').innerText()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expectAccessible('scan');

    await app.page.getByLabel('Code from the app').fill(totpCode(secret));
    await app.page.getByRole('button', { name: 'Turn on' }).click();
    await app.page.getByRole('heading', { name: 'Your recovery codes' }).waitFor();
    recoveryCodes = await app.page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allInnerTexts();
    expect(recoveryCodes).toHaveLength(10);
    await expectAccessible('codes');
    await app.page.getByRole('button', { name: 'I have saved these codes' }).click();
    await app.page.getByText('Two-factor sign-in is on for your account.').waitFor();
    await app.page.getByText('You have 10 unused recovery codes.', { exact: false }).waitFor();
    await expectAccessible('on');
    // The one wrong password answered 400, which Chromium logs; nothing else went wrong.
    expect(app.errors.filter((error) => !error.includes('status of 400'))).toEqual([]);
  });

  test('sign-in asks for the code after the password; a wrong code is refused, the right one signs in', async () => {
    await app.page.goto(`${app.url}/crm/login`);
    await app.page.getByLabel('Email').fill(ADMIN_EMAIL);
    await app.page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await app.page.getByRole('button', { name: 'Login' }).click();
    await app.page.getByLabel('Authentication code').waitFor();
    await expectAccessible('code-step');
    await app.page.getByLabel('Authentication code').fill('000000' === totpCode(secret, 1) ? '111111' : '000000');
    await app.page.getByRole('button', { name: 'Verify' }).click();
    await app.page.locator('.Toastify__toast').filter({ hasText: 'That code is not valid.' }).waitFor();
    expect(await app.page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    // The enrolment spent the current step's code: the app's next one.
    await app.page.getByLabel('Authentication code').fill(totpCode(secret, 1));
    await app.page.getByRole('button', { name: 'Verify' }).click();
    await app.page.getByText('Login successful').waitFor();
    await app.page.waitForURL(`${app.url}/crm/dashboard`, { timeout: 10_000 });
    expect(await app.page.evaluate(() => localStorage.getItem('token'))).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  test('a recovery code signs in once; the page counts one code fewer, and a new set replaces them all', async () => {
    const code = recoveryCodes[0] as string;
    await signInWithCode(ADMIN_EMAIL, code);
    await app.page.waitForURL(`${app.url}/crm/dashboard`, { timeout: 10_000 });
    await app.page.goto(`${app.url}/crm/account/two-factor`);
    await app.page.getByText('You have 9 unused recovery codes.', { exact: false }).waitFor();
    // A new set replaces the old one.
    const recovery = app.page.getByRole('region', { name: 'Recovery codes' });
    await recovery.getByLabel('Current password').fill(ADMIN_PASSWORD);
    await recovery.getByRole('button', { name: 'Get new recovery codes' }).click();
    await app.page.getByText('Here are your new recovery codes. The old ones no longer work.').waitFor();
    recoveryCodes = await app.page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allInnerTexts();
    expect(recoveryCodes).toHaveLength(10);
    expect(recoveryCodes).not.toContain(code);
    await app.page.getByRole('button', { name: 'I have saved these codes' }).click();
    await app.page.getByText('You have 10 unused recovery codes.', { exact: false }).waitFor();
    await signOut();
    await signInWithCode(ADMIN_EMAIL, code);
    await app.page.locator('.Toastify__toast').filter({ hasText: 'That code is not valid.' }).waitFor();
    expect(app.page.url()).toBe(`${app.url}/crm/login`);
  });

  test('required for everyone: another account sees only the set-up page until it has set it up', async () => {
    await signInWithCode(ADMIN_EMAIL, recoveryCodes[1] as string);
    await app.page.waitForURL(`${app.url}/crm/dashboard`, { timeout: 10_000 });
    await app.page.goto(`${app.url}/crm/account/two-factor`);
    await app.page.getByLabel('Require two-factor sign-in for every staff account').check();
    await app.page.getByRole('button', { name: 'Save' }).click();
    await app.page.getByText('Two-factor sign-in is now required for every staff account.').waitFor();
    await app.page.getByText('it cannot be turned off', { exact: false }).waitFor();
    await signOut();

    await createUser(app.server.db.pool, { email: 'counsellor@test.example', name: 'Grace Hopper', password: ADMIN_PASSWORD });
    await app.page.getByLabel('Email').fill('counsellor@test.example');
    await app.page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await app.page.getByRole('button', { name: 'Login' }).click();
    await app.page.waitForURL(`${app.url}/crm/account/two-factor`, { timeout: 10_000 });
    await app.page.getByRole('alert').getByText('Set it up to continue.', { exact: false }).waitFor();
    await expectAccessible('required');
    // Anywhere else leads back here.
    await app.page.getByRole('link', { name: 'Leads' }).click();
    await app.page.waitForURL(`${app.url}/crm/account/two-factor`);
    await app.page.goto(`${app.url}/crm/leads`);
    await app.page.waitForURL(`${app.url}/crm/account/two-factor`);

    await app.page.getByLabel('Current password').fill(ADMIN_PASSWORD);
    await app.page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    const own = (await app.page.locator('code.crm-secret').innerText()).replace(/\s/g, '');
    await app.page.getByLabel('Code from the app').fill(totpCode(own));
    await app.page.getByRole('button', { name: 'Turn on' }).click();
    await app.page.getByRole('button', { name: 'I have saved these codes' }).click();
    await app.page.getByRole('link', { name: 'Leads' }).click();
    await app.page.waitForURL(`${app.url}/crm/leads`);
    await app.page.getByRole('heading', { level: 1, name: 'Leads' }).waitFor();
  });
});
