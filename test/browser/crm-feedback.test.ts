/** @jest-environment node */
/**
 * Feedback next to the action (issue 19), with the seed's toasts kept (bottom-left, 5 s): identical
 * toasts collapse into one and the message also shows beside the form; a later success clears the
 * stale error; toasts stay off the course editor's sticky save bar; destructive actions (deactivating
 * a staff member, withdrawing a course) ask first in an accessible dialog.
 */
import type { Page } from 'playwright-core';
import { axeViolations, describeBrowser, describeViolations } from '../support/browser';
import { useBrowserApp } from '../support/browser-app';
import { addStaff } from '../support/crm-staff';
import { ADMIN_EMAIL, openSignedIn } from '../support/staff';
import { hashToken, newToken } from '../../server/auth/tokens';

const SHOTS = '/tmp/shots';
const STRONG_PASSWORD = 'violet harbour lantern 47';

describeBrowser('CRM feedback beside the action', () => {
  const app = useBrowserApp({ screenshots: SHOTS });

  async function newPage(width = 1280, height = 800): Promise<Page> {
    const context = await app.browser.newContext({ viewport: { width, height } });
    return context.newPage();
  }

  test('three wrong passwords leave one toast, and the message also stands under the form', async () => {
    const page = await newPage();
    await page.goto(`${app.url}/crm/login`);
    await page.getByLabel('Email').fill(ADMIN_EMAIL);
    let message = '';
    for (let attempt = 0; attempt < 3; attempt++) {
      await page.getByLabel('Password').fill(`not the password ${attempt}`);
      const answered = page.waitForResponse('**/api/users/signin');
      await page.getByRole('button', { name: 'Login' }).click();
      ({ message } = (await (await answered).json()) as { message: string });
      await page.locator('.Toastify__toast--error').filter({ hasText: message }).waitFor();
    }
    await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('form button[type=submit]')?.disabled);
    expect(await page.locator('.Toastify__toast').count()).toBe(1);
    expect(await page.locator('.Toastify__toast-container--bottom-left').count()).toBe(1);
    const inline = page.locator('form').getByRole('alert');
    expect((await inline.innerText()).trim()).toContain(message);
    expect(describeViolations(await axeViolations(page))).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/crm-feedback-login-1280.png` });
    await page.context().close();
  });

  test('a successful reset shows its success without the earlier error beside it', async () => {
    const member = await addStaff(app.server, 'Reset Tester');
    const token = newToken();
    await app.server.db.pool.query(
      `INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '1 hour')`,
      [hashToken(token), member.id],
    );
    const page = await newPage();
    await page.goto(`${app.url}/crm/password-reset/${member.id}/${token}`);
    await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
    await page.getByLabel('Confirm Password', { exact: true }).fill(`${STRONG_PASSWORD}!`);
    await page.getByRole('button', { name: 'Reset' }).click();
    const mismatch = 'Password and Confirm Password are not same';
    await page.locator('.Toastify__toast--error').filter({ hasText: mismatch }).waitFor();
    expect((await page.locator('form').getByRole('alert').innerText()).trim()).toContain(mismatch);

    await page.getByLabel('Confirm Password', { exact: true }).fill(STRONG_PASSWORD);
    const reset = page.waitForResponse('**/api/users/reset-password/**');
    await page.getByRole('button', { name: 'Reset' }).click();
    const { message } = (await (await reset).json()) as { message: string };
    await page.locator('.Toastify__toast--success').filter({ hasText: message }).waitFor();
    await page.locator('.Toastify__toast--error').waitFor({ state: 'detached', timeout: 3000 });
    expect(await page.locator('form').getByRole('alert').count()).toBe(0);
    expect((await page.locator('form').getByRole('status').filter({ hasText: message }).innerText()).trim()).toContain(message);
    await page.context().close();
  });

  test.each([
    [1280, 800],
    [390, 844],
  ])(
    'at %i px a toast never covers the sticky "Save changes" bar',
    async (width, height) => {
      const page = await newPage(width, height);
      const { rows } = await app.server.db.pool.query<{ id: string }>(
        "SELECT id FROM courses WHERE slug = 'cyber-security-specialist-diploma'",
      );
      await openSignedIn(page, app.server, `/crm/catalogue/courses/${rows[0]?.id.trim() ?? ''}`);
      const save = page.getByRole('button', { name: 'Save changes' });
      await save.waitFor();
      await page.getByLabel('Summary').fill(`Saved at ${width} px.`);
      await save.click();
      const toast = page.locator('.Toastify__toast').filter({ hasText: 'Course saved.' });
      await toast.waitFor();
      await page.waitForTimeout(800); // the entry animation ends where the toast stays
      await page.screenshot({ path: `${SHOTS}/crm-feedback-toast-${width}.png` });
      const bar = await page.locator('.crm-sticky-actions').boundingBox();
      const box = await toast.boundingBox();
      if (!bar || !box) throw new Error('no bar or toast');
      // The bar is stuck to the bottom of the content while the long form scrolls: the window's bottom
      // beside the sidebar; on a phone, the content's bottom, which ends above the toast (issue 31).
      const main = await page.locator('main').boundingBox();
      if (!main) throw new Error('no main');
      expect(bar.y + bar.height).toBeGreaterThan(Math.min(height, main.y + main.height) - 2);
      const overlaps = box.x < bar.x + bar.width && bar.x < box.x + box.width && box.y < bar.y + bar.height && bar.y < box.y + box.height;
      expect(overlaps).toBe(false);
      // Still bottom-left.
      expect(box.x).toBeLessThan(width / 2);
      expect(box.y + box.height).toBeGreaterThan(height / 2);
      await page.context().close();
    },
    60_000,
  );

  test('Deactivate asks first: Escape and Cancel change nothing and return focus; confirming deactivates', async () => {
    const member = await addStaff(app.server, 'Deactivation Candidate');
    const page = await newPage();
    const patches: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH') patches.push(request.url());
    });
    await openSignedIn(page, app.server, '/crm/staff');
    const deactivate = page.getByRole('button', { name: `Deactivate: ${member.name}` });
    await deactivate.click();
    const dialog = page.getByRole('alertdialog', { name: `Deactivate ${member.name}?` });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('can no longer sign in');
    await page.screenshot({ path: `${SHOTS}/crm-feedback-confirm-1280.png` });
    expect(describeViolations(await axeViolations(page))).toEqual([]);
    // Focus starts on Cancel and stays inside the dialog.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role=alertdialog]')))).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await deactivate.evaluate((b) => b === document.activeElement)).toBe(true);

    await deactivate.click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(patches).toEqual([]);
    const status = async () =>
      (await app.server.db.pool.query<{ status: number }>('SELECT status FROM users WHERE id = $1', [member.id])).rows[0]?.status;
    expect(await status()).toBe(1);

    await deactivate.click();
    await dialog.getByRole('button', { name: 'Deactivate', exact: true }).click();
    await page
      .locator('.Toastify__toast')
      .filter({ hasText: `${member.name} was deactivated.` })
      .waitFor();
    expect(patches).toHaveLength(1);
    expect(await status()).toBe(2);
    await page.context().close();
  });

  test('saving a course as inactive asks to withdraw it, naming what happens', async () => {
    const { rows } = await app.server.db.pool.query<{ id: string; course_name: string }>(
      'SELECT id, course_name FROM courses WHERE status = 1 AND course_type = 2 ORDER BY position LIMIT 1',
    );
    const course = rows[0];
    if (!course) throw new Error('no course');
    const page = await newPage();
    const puts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT') puts.push(request.url());
    });
    await openSignedIn(page, app.server, `/crm/catalogue/courses/${course.id.trim()}`);
    await page.getByRole('button', { name: 'Save changes' }).waitFor();
    await page.getByLabel('Status').selectOption({ label: 'Inactive' });
    await page.getByRole('button', { name: 'Save changes' }).click();
    const dialog = page.getByRole('alertdialog', { name: `Withdraw ${course.course_name}?` });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('410');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(puts).toEqual([]);

    await page.getByRole('button', { name: 'Save changes' }).click();
    await dialog.getByRole('button', { name: 'Withdraw and save' }).click();
    await page.locator('.Toastify__toast').filter({ hasText: 'Course saved.' }).waitFor();
    expect(puts).toHaveLength(1);
    const saved = await app.server.db.pool.query<{ status: number }>('SELECT status FROM courses WHERE id = $1', [course.id]);
    expect(saved.rows[0]?.status).toBe(2);
    await page.context().close();
  });

  test('deleting a catalogue item asks first, naming the item; Cancel keeps it', async () => {
    const { rows } = await app.server.db.pool.query<{ title: string }>(
      'SELECT title FROM announcements ORDER BY published_at DESC LIMIT 1',
    );
    const title = rows[0]?.title ?? '';
    const page = await newPage();
    await openSignedIn(page, app.server, '/crm/catalogue/announcements');
    const remove = page.getByRole('button', { name: `Delete ${title}` });
    await remove.click();
    const dialog = page.getByRole('alertdialog', { name: `Delete announcement “${title}”?` });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('cannot be undone');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await app.server.db.pool.query('SELECT 1 FROM announcements WHERE title = $1', [title])).rowCount).toBe(1);
    await remove.click();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.locator('.Toastify__toast').filter({ hasText: 'Announcement deleted.' }).waitFor();
    expect((await app.server.db.pool.query('SELECT 1 FROM announcements WHERE title = $1', [title])).rowCount).toBe(0);
    await page.context().close();
  });
});
