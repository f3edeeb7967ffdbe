/** @jest-environment node */
/**
 * Issue 33 in the CRM at 1280 px, as staff use it: the Applications list (status chips, sorted
 * heads, no sideways scrolling, also at 390 px) → one application → view a photo inline → return
 * the transcript with a reason (asked in a dialog) → release "Conditionally admitted" with its
 * conditions after the letter's preview; the applicant gets one mail per step. axe on each screen.
 */
import type { Page } from 'playwright-core';
import { axeViolations, describeBrowser, describeViolations, sidewaysOverflow, toastsClosed } from '../support/browser';
import { useBrowserApp } from '../support/browser-app';
import { openSignedIn } from '../support/staff';
import { testCourses } from '../support/lead-fixtures';
import { insertApplication, insertIntake, type TestApplication } from '../support/staff-applications';
import { tinyPng } from '../support/images';
import { storeDocument } from '../../server/applications/document-upload';

const SHOTS = '/tmp/shots/applications';

describeBrowser('CRM applications', () => {
  const app = useBrowserApp({ screenshots: SHOTS, page: 'suite', viewport: { width: 1280, height: 900 } });
  let application: TestApplication;
  let courseName: string;

  beforeAll(async () => {
    const courses = await testCourses(app.server);
    courseName = courses.fullTime.name;
    const intake = await insertIntake(app.server, courses.fullTime.id, '2031-09-08');
    application = await insertApplication(app.server, {
      courseId: courses.fullTime.id,
      intakeId: intake,
      answers: { first_name: 'Ada', last_name: 'Byron', city: 'Toronto' },
      documents: ['Transcript', 'Government photo ID'],
    });
    // The photo ID as the portal stores it (encrypted, re-encoded), so it can be viewed inline.
    await storeDocument(app.server.ctx, application.email, application.items[1]!.id, 'photo-id.png', {
      contentType: 'image/png',
      bytes: tinyPng(40, 30),
    });
  });

  async function check(page: Page, name: string): Promise<void> {
    await page.mouse.move(1280, 0);
    await toastsClosed(page);
    await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
    expect(describeViolations(await axeViolations(page))).toEqual([]);
    expect(await sidewaysOverflow(page)).toBe(0);
  }

  test('list → application → return a document with a reason → release a decision', async () => {
    const page = app.page;
    await openSignedIn(page, app.server, '/crm/dashboard');
    await page.getByRole('navigation', { name: 'CRM' }).getByRole('link', { name: 'Applications', exact: true }).click();
    const chips = page.getByRole('list', { name: 'Applications by status' });
    await chips.getByRole('button', { name: /^Submitted/ }).click();
    await page.waitForURL(/status=submitted/);
    const table = page.getByRole('table', { name: 'Applications' });
    await table.getByRole('button', { name: 'Applicant' }).click();
    await page.waitForURL(/sort=name/);
    await expect(table.getByRole('columnheader', { name: 'Applicant' }).getAttribute('aria-sort')).resolves.toBe('ascending');
    const row = table.getByRole('row', { name: /Ada Byron/ });
    await expect(row.getByRole('cell', { name: courseName }).count()).resolves.toBe(1);
    await check(page, 'list');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await sidewaysOverflow(page)).toBe(0);
    expect(describeViolations(await axeViolations(page))).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });

    await row.getByRole('link', { name: 'Ada Byron' }).click();
    await page.getByRole('heading', { name: 'Application: Ada Byron' }).waitFor();
    await page.getByRole('button', { name: 'View Government photo ID' }).click();
    await page.getByRole('img', { name: 'Government photo ID: photo-id.png' }).waitFor();
    await page.getByRole('button', { name: 'Accept Government photo ID' }).click();
    await page.getByText('Government photo ID accepted.').first().waitFor();

    await page.getByRole('button', { name: 'Return Transcript' }).click();
    const dialog = page.getByRole('dialog', { name: 'Return Transcript' });
    await dialog.getByLabel('Reason (the applicant reads it)').fill('x');
    await dialog.getByRole('button', { name: 'Return to applicant' }).click();
    await dialog.getByRole('alert').waitFor();
    await check(page, 'return-dialog');
    await dialog.getByLabel('Reason (the applicant reads it)').fill('The scan is cut off at the bottom.');
    await dialog.getByRole('button', { name: 'Return to applicant' }).click();
    await page.getByText('Reason: The scan is cut off at the bottom.').waitFor();
    await page.getByText('Missing items', { exact: true }).first().waitFor();
    await check(page, 'returned');

    // The applicant uploads again (as the portal does), the application is back under review.
    await storeDocument(app.server.ctx, application.email, application.items[0]!.id, 'transcript.png', {
      contentType: 'image/png',
      bytes: tinyPng(20, 20),
    });
    await page.reload();
    await page.getByRole('button', { name: 'Release decision' }).click();
    const release = page.getByRole('dialog', { name: 'Release decision' });
    await release.getByLabel('Decision').selectOption('conditionally_admitted');
    await release.getByLabel('Conditions').fill('Send your final transcript by August 1.');
    const preview = release.getByRole('region', { name: 'Letter preview' });
    await preview.getByText(/Dear Ada Byron/).waitFor();
    await preview.getByText(/Send your final transcript by August 1\./).waitFor();
    await check(page, 'release-dialog');
    await release.getByRole('button', { name: 'Release and e-mail' }).click();
    await page.getByText('Decision released: Conditionally admitted.').first().waitFor();
    const history = page.getByRole('region', { name: 'History' });
    await history.getByRole('listitem').filter({ hasText: 'Decision released: Conditionally admitted' }).waitFor();
    await history.getByRole('listitem').filter({ hasText: 'Returned Transcript: The scan is cut off at the bottom.' }).waitFor();
    await check(page, 'released');

    const mails = await app.server.db.pool.query<{ subject: string }>('SELECT subject FROM mail_queue WHERE to_address = $1 ORDER BY id', [
      application.email,
    ]);
    expect(mails.rows.map((m) => m.subject)).toEqual([
      'Your application: a document needs your attention',
      'Your conditional admission to Northbridge College of Technology',
    ]);
  }, 300_000);
});
