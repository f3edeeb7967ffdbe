/** @jest-environment node */
/**
 * Issue 23 in the CRM: two leads that share a phone show "Possible duplicate" in the list; the
 * link opens the compare page (axe-clean at 1280 and 390 px, screenshots in /tmp/shots); staff take
 * one field from the other lead, confirm, and land on the kept lead, whose timeline shows the merge.
 * Issue 31: from a lead's page, "Merge with another lead…" finds the other by name as one types
 * (one search after the pause, on the page's clock), by keyboard alone; the lead with more history
 * is offered as kept, and two leads of the same name are told apart by e-mail and date.
 */
import { axeViolations, describeBrowser, describeViolations } from '../support/browser';
import { useBrowserApp } from '../support/browser-app';
import { createLead, openSignedIn } from '../support/staff';
import { settleRepeats } from '../support/repeat';
import type { StaffLeadPage } from '../../src/contract';
import { MERGE_SEARCH_PAUSE_MS } from '../../src/merge-contract';

const SHOTS = '/tmp/shots';

describeBrowser('CRM: compare and merge two leads', () => {
  const app = useBrowserApp({ screenshots: SHOTS, page: 'suite', viewport: { width: 1280, height: 900 } });

  /** Axe finds nothing at 390 and 1280 px; a full-page screenshot of each, ending at 1280. */
  async function checkBothWidths(name: string) {
    for (const width of [390, 1280]) {
      await app.page.setViewportSize({ width, height: 900 });
      expect(describeViolations(await axeViolations(app.page))).toEqual([]);
      await app.page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    }
  }

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

    await checkBothWidths('crm-merge');

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

  test('from a lead page: find the other lead as one types, keep the one with more history, merge', async () => {
    // One student, two addresses: the personal one came first; the school one has been worked on.
    await createLead(app.server, { first_name: 'Priya', last_name: 'Venkataraman', email: 'priya.v@example.com', phone: '+16475550931' });
    await createLead(app.server, {
      first_name: 'Priya',
      last_name: 'Venkataraman',
      email: 'p.venkataraman@school.example.ca',
      phone: '+14375550932',
    });
    await settleRepeats(app.server);
    const { page } = app;
    page.setDefaultTimeout(10_000);
    await page.clock.install();
    const { token, user } = await openSignedIn(page, app.server, '/crm/leads');
    const api = (path: string, init: RequestInit = {}) =>
      fetch(`${app.url}/api/crm${path}`, {
        ...init,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      });
    const idOf = async (email: string) => ((await (await api(`/leads?q=${email}`)).json()) as StaffLeadPage).leads[0]!;
    const [personal, school] = [await idOf('priya.v@example.com'), await idOf('p.venkataraman@school.example.ca')];
    const patch = await api(`/leads/${school._id}`, {
      method: 'PATCH',
      body: JSON.stringify({ version: school.version, owner_id: user._id, stage: 2 }),
    });
    expect(patch.status).toBe(200);

    await page.goto(`${app.url}/crm/leads/${personal._id}`);
    await page.getByRole('heading', { level: 1, name: 'Priya Venkataraman' }).waitFor();
    // By keyboard: open the disclosure; the search field takes the focus.
    await page.getByText('Merge with another lead…').focus();
    await page.keyboard.press('Enter');
    const field = page.getByRole('searchbox', { name: 'Name, e-mail or phone of the other lead' });
    await field.waitFor();
    expect(await field.evaluate((input) => input === document.activeElement)).toBe(true);

    // As they type (a key every 100 ms on the page's clock): nothing is asked until a pause, then one search.
    const searches: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/merge-candidates')) searches.push(new URL(request.url()).searchParams.get('q') ?? '');
    });
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    for (const key of 'venkat') {
      await page.keyboard.type(key);
      await page.clock.runFor(100);
    }
    expect(searches).toEqual([]);
    await page.clock.runFor(MERGE_SEARCH_PAUSE_MS);
    await page.clock.resume();
    const results = page.getByRole('list', { name: 'Leads found' });
    await results.getByRole('listitem').first().waitFor();
    expect(searches).toEqual(['venkat']);
    await page.getByRole('status').filter({ hasText: '1 lead found.' }).waitFor();
    // The same name: the lead kept by default (the school one: an owner, a hot lead) is named by e-mail and date.
    expect(await results.getByRole('listitem').innerText()).toMatch(
      /Kept by default \(more history\): Priya Venkataraman \(p\.venkataraman@school\.example\.ca, received \w+/,
    );
    await checkBothWidths('crm-merge-search');

    await field.focus();
    await page.keyboard.press('Tab');
    const compare = page.getByRole('link', {
      name: /^Compare and merge with Priya Venkataraman \(p\.venkataraman@school\.example\.ca, received /,
    });
    expect(await compare.evaluate((link) => link === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Compare and merge' }).waitFor();
    await page.getByRole('columnheader', { name: /^Kept: Priya Venkataraman \(p\.venkataraman@school\.example\.ca, received / }).waitFor();
    await page.getByRole('link', { name: /^Keep Priya Venkataraman \(priya\.v@example\.com, received .*\) instead$/ }).waitFor();
    await checkBothWidths('crm-merge-same-name');

    await page.getByRole('button', { name: 'Merge leads' }).click();
    const dialog = page.getByRole('alertdialog', {
      name: /^Merge Priya Venkataraman \(priya\.v@example\.com, .*\) into Priya Venkataraman \(p\.venkataraman@school\.example\.ca, /,
    });
    await dialog.getByRole('button', { name: 'Merge' }).click();
    await page.waitForURL(`${app.url}/crm/leads/${school._id}`);
    await page.getByText('Merged with').waitFor();
    await page.getByRole('link', { name: 'p.venkataraman@school.example.ca' }).first().waitFor();
  }, 90_000);
});
