/** @jest-environment node */
import { describeBrowser, axeViolations } from '../support/browser';
import { useBrowserApp } from '../support/browser-app';

describeBrowser('browser harness', () => {
  const app = useBrowserApp();

  test('the built site shell loads under its CSP and axe runs', async () => {
    const page = await app.browser.newPage();
    const response = await page.goto(app.url + '/');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(Array.isArray(await axeViolations(page))).toBe(true);
  });

  test('the fixture names the option that brings a part it was not asked for', () => {
    expect(() => app.page).toThrow('ask for it with the `page` option');
    expect(() => app.smtp).toThrow('ask for it with the `smtp` option');
    expect(() => app.partner).toThrow('ask for it with the `partner` option');
  });
});
