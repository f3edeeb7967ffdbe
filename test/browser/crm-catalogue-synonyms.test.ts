/** @jest-environment node */
/**
 * The catalogue's search synonyms screen: an admin reaches it from the catalogue tabs, adds a
 * synonym (a field error shows beside its field first), and the public search follows at once.
 */
import { describeBrowser, trackPageErrors } from '../support/browser';
import { useBrowserApp } from '../support/browser-app';
import { toast } from './crm-catalogue-support';

describeBrowser('CRM catalogue: search synonyms', () => {
  const app = useBrowserApp({ page: 'suite', viewport: { width: 1280, height: 900 }, signedInAt: '/crm/catalogue/announcements' });

  test('an admin adds a synonym from the Search synonyms tab and the site search uses it', async () => {
    const errors = trackPageErrors(app.page);
    await app.page.getByRole('navigation', { name: 'Catalogue' }).getByRole('link', { name: 'Search synonyms' }).click();
    await app.page.getByRole('heading', { name: 'Search synonyms', level: 1 }).waitFor();
    await app.page.getByRole('heading', { name: 'office 365' }).waitFor();
    await app.page.getByText('Add a synonym').click();
    const form = app.page.getByRole('form', { name: 'New synonym' });
    await form.getByLabel('When a search contains').fill('Office 365');
    await form.getByLabel('Also search for').fill('microsoft');
    await form.getByRole('button', { name: 'Add synonym' }).click();
    await form.getByText('There is already a synonym for this term: edit that one instead.').first().waitFor();
    await form.getByLabel('When a search contains').fill('wifi');
    await form.getByLabel('Also search for').fill('wireless');
    await form.getByRole('button', { name: 'Add synonym' }).click();
    await toast(app.page, 'Synonym added.');
    await app.page.getByRole('heading', { name: 'wifi' }).waitFor();
    if (process.env.SCREENSHOTS) await app.page.screenshot({ path: `${process.env.SCREENSHOTS}/crm-synonyms-1280.png`, fullPage: true });
    const answer = (await (await fetch(`${app.url}/api/search?q=wifi`)).json()) as { results: { title: string }[] };
    expect(answer.results.map((hit) => hit.title)).toContain('Network Specialist Diploma');
    expect(errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([]);
  });
});
