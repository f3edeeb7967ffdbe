/** @jest-environment node */
/**
 * The search results page says when it corrected the words ("Showing results for cybersecurity")
 * and links to the words as typed, which are then searched exactly (no correction, no such line),
 * both as rendered by the server and after navigating in the browser. Looked at at 1280 and 390 px.
 */
import type { Browser, Page } from 'playwright-core';
import { describeBrowser, launchBrowser, trackPageErrors } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';
import { pageErrorsOnly } from './site-support';

describeBrowser('college site: search says what it searched for', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    errors = trackPageErrors(page);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  test('a corrected query shows "Showing results for", and its link searches the words as typed', async () => {
    await page.goto(`${server.url}/search/keyword?query=cybersecurty`);
    await page.getByRole('heading', { name: 'Search results for “cybersecurty”' }).waitFor();
    await page.getByText('Showing results for cybersecurity.').waitFor();
    const first = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2 }) }).first();
    await first.getByRole('link', { name: 'Cyber Security Specialist Diploma' }).waitFor();
    if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/search-1280.png`, fullPage: true });

    const asTyped = page.getByRole('link', { name: 'Search instead for “cybersecurty”' });
    expect(await asTyped.getAttribute('href')).toBe('/search/keyword?query=cybersecurty&exact=1');
    await asTyped.click();
    await page.waitForURL(/exact=1$/);
    await page.getByText('No results match “cybersecurty”.').waitFor();
    expect(await page.getByText('Showing results for').count()).toBe(0);

    // Searching again from the box goes back to corrected searching.
    await page.getByRole('searchbox', { name: 'Search keywords' }).fill('netwrok');
    await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
    await page.getByText('Showing results for network.').waitFor();
    expect(pageErrorsOnly(errors)).toEqual([]);
  });

  test('a query found as typed has no such line; at 390 px the line and link stay readable', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/search/keyword?query=cybersecurity`);
    await page.getByRole('link', { name: 'Cyber Security Specialist Diploma' }).waitFor();
    expect(await page.getByText('Showing results for').count()).toBe(0);
    await page.goto(`${server.url}/search/keyword?query=securty`);
    const line = page.getByText('Showing results for security.');
    await line.waitFor();
    const box = await line.boundingBox();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 390).toBe(true);
    if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/search-390.png`, fullPage: true });
  });
});
