/** @jest-environment node */
import type { Browser } from 'playwright-core';
import { describeBrowser, launchBrowser, axeViolations } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';

describeBrowser('browser harness', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  test('the built site shell loads under its CSP and axe runs', async () => {
    const page = await browser.newPage();
    const response = await page.goto(server.url + '/');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(Array.isArray(await axeViolations(page))).toBe(true);
  });
});
