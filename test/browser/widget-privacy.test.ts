/** @jest-environment node */
/**
 * The inquiry form says in one line how the inquiry is used and links to the college's privacy
 * policy (PIPEDA), which, like the accessibility statement (AODA), is a real page of the site.
 */
import { describeBrowser } from '../support/browser';
import { server, setUpWidgetSuite, openPartner, dialog } from './widget-support';

describeBrowser('privacy notice in the inquiry form', () => {
  setUpWidgetSuite();

  test('one line under the fields links to the privacy policy on the college site, in a new tab', async () => {
    const { page, errors } = await openPartner('', { width: 390, height: 844 });
    await page.getByRole('button', { name: 'Apply now' }).click();
    await dialog(page).waitFor();
    await dialog(page).getByText('We use your details only to answer your inquiry.').waitFor();
    const link = dialog(page).getByRole('link', { name: 'Privacy policy' });
    expect(await link.getAttribute('href')).toBe(`${server.url}/privacy-policy`);
    expect(await link.getAttribute('target')).toBe('_blank');
    const [policy] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    await policy.waitForLoadState();
    expect(new URL(policy.url()).pathname).toBe('/privacy-policy');
    await policy.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    await policy.getByRole('heading', { name: 'Your rights: access, correction, deletion' }).waitFor();
    expect(errors).toEqual([]);
  });

  test('the accessibility statement is a page of its own, in the sitemap with the privacy policy', async () => {
    const res = await fetch(`${server.url}/accessibility`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<h1[^>]*>Accessibility Statement<\/h1>/);
    expect(html).toContain('Accessibility for Ontarians with Disabilities Act');
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    expect(sitemap).toContain('/privacy-policy</loc>');
    expect(sitemap).toContain('/accessibility</loc>');
  });
});
