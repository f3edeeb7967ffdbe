/** @jest-environment node */
/**
 * Issue 23 in the CRM: two leads that share a phone show "Possible duplicate" in the list; the
 * link opens the compare page (axe-clean at 1280 and 390 px, screenshots in /tmp/shots); staff take
 * one field from the other lead, confirm, and land on the kept lead, whose timeline shows the merge.
 */
import { axeViolations, describeBrowser, describeViolations } from '../support/browser';
import { useBrowserApp } from '../support/browser-app';
import { createLead, openSignedIn } from '../support/staff';
import { settleRepeats } from '../support/repeat';

const SHOTS = '/tmp/shots';

describeBrowser('CRM: compare and merge two leads', () => {
  const app = useBrowserApp({ screenshots: SHOTS, page: 'suite', viewport: { width: 1280, height: 900 } });

  test('from the possible-duplicate badge to the merged lead', async () => {
    await createLead(app.server, { first_name: 'Nadia', last_name: 'Rahman', email: 'nadia.rahman@example.com', phone: '+16475550188' });
    await createLead(app.server, { first_name: 'Nadiya', last_name: 'Rahman', email: 'n.rahman@example.org', phone: '+16475550188' });
    await settleRepeats(app.server);
    const { page } = app;
    page.setDefaultTimeout(10_000);
    await openSignedIn(page, app.server, '/crm/leads');
    await page.getByRole('link', { name: /Possible duplicate: compare Nadiya Rahman/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Compare and merge' }).waitFor();
    await page.getByRole('table', { name: /Fields that differ/ }).waitFor();

    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      expect(describeViolations(await axeViolations(page))).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/crm-merge-${width}.png`, fullPage: true });
    }

    // Keep the newer lead (Nadiya) but take the older one's e-mail address.
    await page.getByRole('radio', { name: 'E-mail: nadia.rahman@example.com (merged lead)' }).check();
    await page.getByRole('button', { name: 'Merge leads' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Merge Nadia Rahman into Nadiya Rahman?' });
    await dialog.getByRole('button', { name: 'Merge' }).click();
    await page.getByRole('heading', { level: 1, name: 'Nadiya Rahman' }).waitFor();
    await page.getByText('Merged with').waitFor();
    await page.getByRole('link', { name: 'nadia.rahman@example.com' }).first().waitFor();
    await page.screenshot({ path: `${SHOTS}/crm-merge-done-1280.png`, fullPage: true });
  }, 60_000);
});
