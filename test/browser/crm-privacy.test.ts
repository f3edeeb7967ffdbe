/** @jest-environment node */
/**
 * Issue 22, as an admin uses it on a lead page: the privacy card opens an access request (shown
 * with its due date), downloads everything held about the person, and anonymises the person after
 * the confirm dialog; accessible at 1280 and 390 px (screenshots in /tmp/shots).
 */
import fs from 'node:fs';
import { axeViolations, describeBrowser, describeViolations, toastsClosed, sidewaysOverflow } from '../support/browser';
import { useBrowserApp } from '../support/browser-app';
import { createLead, openSignedIn } from '../support/staff';
import type { PrivacyExport } from '../../src/privacy-contract';

describeBrowser('CRM lead privacy card', () => {
  const app = useBrowserApp({ screenshots: '/tmp/shots' });

  test('open a request, download the data, anonymise with a confirm', async () => {
    await createLead(app.server, { first_name: 'Priya', last_name: 'Vasquez', email: 'priya.vasquez@example.com' });
    const { rows } = await app.server.db.pool.query<{ id: string; course_id: string }>(
      "SELECT id::text AS id, course_id FROM leads WHERE email = 'priya.vasquez@example.com'",
    );
    const context = await app.browser.newContext({ acceptDownloads: true, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await openSignedIn(page, app.server, `/crm/leads/${rows[0]?.id ?? ''}`);
    const card = page.getByRole('region', { name: 'Privacy' });
    await card.getByText('No privacy requests.').waitFor();

    await card.getByLabel('New request').selectOption({ label: 'Access request' });
    await card.getByRole('button', { name: /Open request/ }).click();
    await card.getByText(/^Access request due \d{4}-\d{2}-\d{2}$/).waitFor();

    const download = page.waitForEvent('download');
    await card.getByRole('button', { name: 'Download all data (JSON)' }).click();
    const data = JSON.parse(fs.readFileSync(await (await download).path(), 'utf8')) as PrivacyExport;
    expect(data.sections.find((s) => s.table === 'leads')?.rows[0]?.first_name).toBe('Priya');
    // Issue 31: the readable page, opened as the person would, is in words and grouped by kind.
    const pageDownload = page.waitForEvent('download');
    await card.getByRole('button', { name: 'Download readable page' }).click();
    const readable = await context.newPage();
    await readable.setContent(fs.readFileSync(await (await pageDownload).path(), 'utf8'));
    // E-mails: the inquiry's confirmation, once the mail worker has queued it.
    for (const heading of ['Inquiries (1)', 'Notes (0)', 'Activities (0)', /^E-mails \(\d\)$/, 'Consent (0)', 'Event registrations (0)']) {
      await readable.getByRole('heading', { level: 2, name: heading }).waitFor();
    }
    const inquiry = readable.getByRole('table', { name: /^Inquiry of [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [ap]\.m\.$/ });
    await inquiry.getByRole('row', { name: 'Stage New Lead' }).waitFor();
    await inquiry.getByRole('row', { name: 'Phone 416-555-0123' }).waitFor();
    const course = app.server.ctx.catalogue.courseById(rows[0]!.course_id.trim())?.course_name;
    await inquiry.getByRole('row', { name: `Program ${course}` }).waitFor();
    expect(await readable.getByText(/payload_hash|idempotency_key|search_text/).count()).toBe(0);
    expect(describeViolations(await axeViolations(readable))).toEqual([]);
    await readable.screenshot({ path: '/tmp/shots/crm-privacy-readable.png', fullPage: true });
    await readable.close();
    await page.screenshot({ path: '/tmp/shots/crm-privacy-1280.png', fullPage: true });
    expect(describeViolations(await axeViolations(page))).toEqual([]);

    await card.getByRole('button', { name: 'Anonymise person' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Anonymise this person?' });
    await dialog.getByRole('button', { name: 'Anonymise' }).click();
    await card.getByText(/^Anonymised on /).waitFor();
    await page.getByRole('heading', { level: 1, name: '[removed] [removed]' }).waitFor();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: '/tmp/shots/crm-privacy-390.png', fullPage: true });
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await toastsClosed(page);
    expect(describeViolations(await axeViolations(page))).toEqual([]);
    await context.close();
  }, 90_000);
});
