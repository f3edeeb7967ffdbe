/** @jest-environment node */
/**
 * The catalogue's search synonyms screen: an admin reaches it from the catalogue tabs, adds a
 * synonym (a field error shows beside its field first), and the public search follows at once.
 */
import type { Browser, Page } from 'playwright-core';
import { describeBrowser, launchBrowser, trackPageErrors } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';
import { openSignedIn } from '../support/staff';
import { toast } from './crm-catalogue-support';

describeBrowser('CRM catalogue: search synonyms', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await openSignedIn(page, server, '/crm/catalogue/announcements');
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  test('an admin adds a synonym from the Search synonyms tab and the site search uses it', async () => {
    const errors = trackPageErrors(page);
    await page.getByRole('navigation', { name: 'Catalogue' }).getByRole('link', { name: 'Search synonyms' }).click();
    await page.getByRole('heading', { name: 'Search synonyms', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'office 365' }).waitFor();
    await page.getByText('Add a synonym').click();
    const form = page.getByRole('form', { name: 'New synonym' });
    await form.getByLabel('When a search contains').fill('Office 365');
    await form.getByLabel('Also search for').fill('microsoft');
    await form.getByRole('button', { name: 'Add synonym' }).click();
    await form.getByText('There is already a synonym for this term: edit that one instead.').first().waitFor();
    await form.getByLabel('When a search contains').fill('wifi');
    await form.getByLabel('Also search for').fill('wireless');
    await form.getByRole('button', { name: 'Add synonym' }).click();
    await toast(page, 'Synonym added.');
    await page.getByRole('heading', { name: 'wifi' }).waitFor();
    if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/crm-synonyms-1280.png`, fullPage: true });
    const answer = (await (await fetch(`${server.url}/api/search?q=wifi`)).json()) as { results: { title: string }[] };
    expect(answer.results.map((hit) => hit.title)).toContain('Network Specialist Diploma');
    expect(errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([]);
  });
});
