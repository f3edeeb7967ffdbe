/** @jest-environment node */
/**
 * Issue 12's catalogue editing as staff use it: an admin changes a program's tuition and slug and the
 * public site follows (new address, old one 301); a second editor saving a stale copy is told so and
 * can load the current version; a field error shows beside its field; a counsellor sees the section
 * only once an admin grants the permission on the Staff page; a professor's photo upload shows.
 */
import type { Page } from 'playwright-core';
import { describeBrowser, eventually, trackPageErrors } from '../support/browser';
import { useBrowserApp } from '../support/browser-app';
import { openSignedIn } from '../support/staff';
import { addStaff } from '../support/crm-staff';
import { nav, openAs, openCourseEditor, pngFrom, toast } from './crm-catalogue-support';

const PROGRAM = 'Network Specialist Diploma';
const OLD_PATH = '/full-time/network-specialist-diploma';
const PART_TIME = 'CCNP Security: Core Security Technologies';
const RENAMED = 'Network Specialist Diploma (2027 edition)';

describeBrowser('CRM catalogue editing', () => {
  const app = useBrowserApp();

  async function adminPage(path = '/crm/dashboard'): Promise<Page> {
    const page = await (await app.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await openSignedIn(page, app.server, path);
    return page;
  }

  test('an admin changes name, tuition and slug; the new address shows it, the old one redirects', async () => {
    const page = await adminPage();
    const errors = trackPageErrors(page);
    await openCourseEditor(page, PROGRAM);
    await page.getByLabel('Name', { exact: true }).fill(RENAMED);
    await page.getByLabel('Domestic tuition (CAD)').fill('14321');
    await page.getByLabel('Slug (web address)').fill('network-specialist-diploma-2027');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await toast(page, 'Course saved.');
    // The change is recorded on the item: who and which fields.
    const history = page.getByRole('region', { name: 'Change history' });
    await history.getByText('Changed by').first().waitFor();
    // Each field by its label, money in dollars (issue 19).
    expect(await history.innerText()).toContain('Slug (web address): network-specialist-diploma → network-specialist-diploma-2027');
    expect(await history.innerText()).toContain('→ $14,321');

    const old = await fetch(app.url + OLD_PATH, { redirect: 'manual' });
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe('/full-time/network-specialist-diploma-2027');

    const visitor = await app.browser.newPage();
    await visitor.goto(app.url + OLD_PATH);
    expect(new URL(visitor.url()).pathname).toBe('/full-time/network-specialist-diploma-2027');
    await visitor.getByRole('heading', { level: 1, name: RENAMED }).waitFor();
    // The page shows the new tuition to the reader.
    const fees = visitor.getByRole('region', { name: 'Tuition and fees' });
    expect(await fees.innerText()).toContain('$14,321');
    await visitor.close();
    // The widget's course list and the site's menus (rendered home page) carry the new name.
    expect(await (await fetch(`${app.url}/api/courses`)).text()).toContain(RENAMED);
    expect(await (await fetch(`${app.url}/`)).text()).toContain(RENAMED);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('deactivating a course takes it off the site: its page answers 410 and the widget list drops it', async () => {
    const page = await adminPage();
    await openCourseEditor(page, PART_TIME);
    const path = await page.getByRole('link', { name: /View page/ }).getAttribute('href');
    await page.getByLabel('Status').selectOption({ label: 'Inactive' });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page
      .getByRole('alertdialog', { name: `Withdraw ${PART_TIME}?` })
      .getByRole('button', { name: 'Withdraw and save' })
      .click();
    await toast(page, 'Course saved.');
    expect((await fetch(`${app.url}${String(path)}`)).status).toBe(410);
    expect(await (await fetch(`${app.url}/api/courses`)).text()).not.toContain(PART_TIME);
    // Still listed in the CRM, marked inactive, so it can be brought back.
    await page.getByRole('navigation', { name: 'Catalogue' }).getByRole('link', { name: 'Courses and programs' }).click();
    await page.getByLabel('Status').selectOption({ label: 'Inactive' });
    await page.getByRole('rowheader', { name: PART_TIME }).waitFor();
    await page.context().close();
  });

  test('a second editor saving a stale copy sees the conflict and can load the current version', async () => {
    const first = await adminPage();
    const second = await adminPage();
    await openCourseEditor(first, 'Cyber Security Specialist Diploma');
    await openCourseEditor(second, 'Cyber Security Specialist Diploma');
    await first.getByLabel('Summary').fill('Saved first by the first editor.');
    await first.getByRole('button', { name: 'Save changes' }).click();
    await toast(first, 'Course saved.');

    await second.getByLabel('Summary').fill('Saved second from a stale copy.');
    await second.getByRole('button', { name: 'Save changes' }).click();
    const summary = second.locator('.crm-error-summary');
    await summary.waitFor();
    expect(await summary.getAttribute('role')).toBe('alert');
    expect(await second.evaluate(() => document.activeElement?.classList.contains('crm-error-summary'))).toBe(true);
    await second.getByRole('button', { name: 'Load the current version' }).click();
    expect(await second.getByLabel('Summary').inputValue()).toBe('Saved first by the first editor.');
    await first.context().close();
    await second.context().close();
  });

  test('a field error shows beside its field and in the focused summary', async () => {
    const page = await adminPage();
    await openCourseEditor(page, 'Security Operations Centre Analyst Diploma');
    await page.getByLabel('Name', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    const name = page.getByLabel('Name', { exact: true });
    await page.locator('#course-course_name-error').waitFor();
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    expect(await name.getAttribute('aria-describedby')).toContain('course-course_name-error');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('crm-error-summary'))).toBe(true);
    await page
      .locator('.crm-error-summary')
      .getByRole('link', { name: /^Name:/ })
      .waitFor();
    await page.context().close();
  });

  test('a counsellor sees the catalogue only once an admin makes them an editor', async () => {
    const counsellor = await addStaff(app.server, 'Cora Counsellor');
    const page = await (await app.browser.newContext()).newPage();
    await openAs(page, app.server, counsellor, '/crm/dashboard');
    await nav(page, 'Leads').waitFor();
    expect(await nav(page, 'Catalogue').count()).toBe(0);
    await page.goto(`${app.url}/crm/catalogue/courses`);
    await page.getByText('You do not have permission to edit the catalogue.').waitFor();

    const admin = await adminPage();
    await nav(admin, 'Staff').click();
    await admin.getByRole('button', { name: 'Catalogue editor: Cora Counsellor' }).click();
    await toast(admin, 'Cora Counsellor can now edit the catalogue.');
    await eventually(() => admin.getByRole('button', { name: 'Catalogue editor: Cora Counsellor' }).getAttribute('aria-pressed'), 'true');
    await admin.getByRole('cell', { name: 'Counsellor, catalogue editor' }).waitFor();

    await page.reload();
    await nav(page, 'Catalogue').click();
    await page.getByRole('heading', { level: 1, name: 'Courses and programs' }).waitFor();
    await page.getByRole('link', { name: 'Cyber Security Specialist Diploma' }).first().waitFor();
    await admin.context().close();
    await page.context().close();
  });

  test('a professor photo: too large is refused here, a real one is uploaded and shown', async () => {
    const page = await adminPage('/crm/catalogue/professors');
    await page.getByRole('heading', { level: 1, name: 'Professors' }).waitFor();
    await page.getByText('Add a professor').click();
    await page.getByLabel('Name', { exact: true }).fill('Ada Testwright');
    await page.getByLabel('Title', { exact: true }).fill('Lead Instructor, Testing');
    await page.getByRole('button', { name: 'Add professor' }).click();
    await toast(page, 'Professor added.');
    const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Ada Testwright' }) });
    const input = item.getByLabel('Upload a photo');

    await input.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(2 * 1024 * 1024 + 1) });
    await item.getByText('The photo is larger than 2 MB. Please choose a smaller one.').waitFor();

    await input.setInputFiles({ name: 'ada.png', mimeType: 'image/png', buffer: await pngFrom(page, 240, 240) });
    await toast(page, 'Photo uploaded.');
    const photo = item.getByRole('img', { name: 'Photo of Ada Testwright' });
    await photo.waitFor();
    // Shown means decoded: wait for the image itself, not only its element.
    await page.waitForFunction(
      (img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0,
      await photo.elementHandle(),
      { timeout: 10_000 },
    );
    await page.context().close();
  });
});
