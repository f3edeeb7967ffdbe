/** @jest-environment node */
/**
 * Issue 33 in the browser: an editor reorders, adds and saves a program's document checklist in
 * the course editor by keyboard (focus follows a moved item); an applicant on a 390 px phone sees
 * a returned document's reason, is told why a wrong file is refused, uploads a PDF with the file
 * input and opens it with "View". axe at each screen.
 */
import crypto from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { axeViolations, describeBrowser, describeViolations, sidewaysOverflow } from '../support/browser';
import { useBrowserApp } from '../support/browser-app';
import { addStaff } from '../support/crm-staff';
import { openAs } from './crm-catalogue-support';
import { createApplicantSession } from '../../server/applications/applicant-session';

const id24 = () => crypto.randomBytes(12).toString('hex');

describeBrowser('document checklist and documents', () => {
  const app = useBrowserApp({ screenshots: '/tmp/shots/application-documents' });

  test('an editor reorders, adds and saves the checklist by keyboard', async () => {
    const admin = await addStaff(app.server, 'Checklist Admin', 'admin');
    const { rows } = await app.server.db.pool.query<{ id: string }>(
      `SELECT id FROM courses WHERE status = 1 AND jsonb_array_length(COALESCE(admission->'english_tests', '[]'::jsonb)) > 0 ORDER BY id LIMIT 1`,
    );
    const courseId = rows[0]?.id ?? '';
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await openAs(page, app.server, admin, `/crm/catalogue/courses/${courseId}`);
    const section = page.getByRole('region', { name: 'Document checklist' });
    await section.getByLabel('Title of item 1').waitFor();
    expect(await section.getByLabel('Title of item 1').inputValue()).toBe('Transcript');

    await section.getByRole('button', { name: 'Move down Transcript' }).focus();
    await page.keyboard.press('Enter');
    expect(await section.getByLabel('Title of item 2').inputValue()).toBe('Transcript');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Move down Transcript');
    await section.getByRole('button', { name: 'Add an item' }).click();
    // Focus follows to the new item's title (an effect after the render): typing waits for it, so
    // on a loaded machine the first key does not land on the button.
    await page.waitForFunction(() => document.activeElement instanceof HTMLInputElement && document.activeElement.value === '');
    await page.keyboard.type('Portfolio');
    await section.getByLabel('Required').last().uncheck();
    await section.getByRole('button', { name: 'Remove Résumé' }).click();
    await section.getByRole('button', { name: 'Save checklist' }).click();
    await page.locator('.Toastify__toast').filter({ hasText: 'Checklist saved' }).first().waitFor();
    const saved = await app.server.db.pool.query<{ title: string; required: boolean }>(
      'SELECT title, required FROM checklist_items WHERE course_id = $1 AND NOT retired ORDER BY position',
      [courseId],
    );
    expect(saved.rows).toEqual([
      { title: 'Government photo ID', required: true },
      { title: 'Transcript', required: true },
      { title: 'English test result', required: true },
      { title: 'Portfolio', required: false },
    ]);
    await page.screenshot({ path: '/tmp/shots/application-documents/checklist-1280.png', fullPage: true });
    expect(describeViolations(await axeViolations(page))).toEqual([]);
    await context.close();
  }, 240_000);

  test('an applicant on a phone sees a returned reason, a refusal, uploads and views a PDF', async () => {
    const { rows } = await app.server.db.pool.query<{ course_id: string; id: string }>(
      `SELECT course_id, id FROM checklist_items WHERE title = 'Transcript' AND NOT retired ORDER BY course_id DESC LIMIT 1`,
    );
    const courseId = rows[0]?.course_id ?? '';
    const leadId = id24();
    const applicationId = id24();
    const email = `phone.${leadId.slice(0, 6)}@example.com`;
    await app.server.db.pool.query(
      `INSERT INTO leads (id, first_name, last_name, email, phone, source, location) VALUES ($1, 'Pat', 'Phone', $2, '4165550100', 1, 1)`,
      [leadId, email],
    );
    await app.server.db.pool.query(
      `INSERT INTO applications (id, lead_id, email, course_id, status, submitted_at, answers)
       VALUES ($1, $2, $3, $4, 'missing_items', now(), '{"residency":"local","first_name":"Pat"}')`,
      [applicationId, leadId, email, courseId],
    );
    const photoItem = await app.server.db.pool.query<{ id: string }>(
      `SELECT id FROM checklist_items WHERE course_id = $1 AND title = 'Government photo ID'`,
      [courseId],
    );
    await app.server.db.pool.query(
      `INSERT INTO application_documents (id, application_id, item_id, file_name, content_type, bytes, sha256, sealed_key, status, return_reason)
       VALUES ($1, $2, $3, 'id.png', 'image/png', 10, 'x', 'x', 'returned', 'The photo is blurred; please scan it again.')`,
      [id24(), applicationId, photoItem.rows[0]?.id],
    );
    const token = await createApplicantSession(app.server.db.pool, email);
    const context = await app.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${app.url}/`);
    await page.evaluate((t) => window.localStorage.setItem('college.applicant.token', t), token);
    await page.goto(`${app.url}/apply`);
    await page.locator('.apply-document__returned').filter({ hasText: 'Returned: The photo is blurred; please scan it again.' }).waitFor();

    await page
      .getByLabel('Upload Transcript')
      .setInputFiles({ name: 'notes.docx', mimeType: 'application/octet-stream', buffer: Buffer.from('PK a word file') });
    await page.getByRole('alert').filter({ hasText: '“notes.docx” is not a PDF, JPEG or PNG file.' }).waitFor();

    const doc = await PDFDocument.create();
    doc.addPage([200, 200]);
    await page
      .getByLabel('Upload Transcript')
      .setInputFiles({ name: 'transcript.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await doc.save()) });
    await page.locator('.apply-document__name').filter({ hasText: 'transcript.pdf' }).waitFor();
    expect(await sidewaysOverflow(page)).toBe(0);
    await page.screenshot({ path: '/tmp/shots/application-documents/documents-390.png', fullPage: true });
    expect(describeViolations(await axeViolations(page))).toEqual([]);

    const popup = context.waitForEvent('page');
    await page.getByRole('link', { name: 'View transcript.pdf' }).click();
    const opened = await popup;
    await opened.waitForURL(/^blob:/);
    await context.close();
  }, 240_000);
});
