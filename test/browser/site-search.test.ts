/** @jest-environment node */
/**
 * The search results page says when it corrected the words ("Showing results for cybersecurity")
 * and links to the words as typed, which are then searched exactly (no correction, no such line),
 * both as rendered by the server and after navigating in the browser. Looked at at 1280 and 390 px.
 */
import { describeBrowser } from '../support/browser';
import { useBrowserApp } from '../support/browser-app';
import { pageErrorsOnly } from './site-support';

describeBrowser('college site: search says what it searched for', () => {
  const app = useBrowserApp({ page: 'suite', viewport: { width: 1280, height: 900 } });

  test('a corrected query shows "Showing results for", and its link searches the words as typed', async () => {
    await app.page.goto(`${app.url}/search/keyword?query=cybersecurty`);
    await app.page.getByRole('heading', { name: 'Search results for “cybersecurty”' }).waitFor();
    await app.page.getByText('Showing results for cybersecurity.').waitFor();
    const first = app.page
      .getByRole('listitem')
      .filter({ has: app.page.getByRole('heading', { level: 2 }) })
      .first();
    await first.getByRole('link', { name: 'Cyber Security Specialist Diploma' }).waitFor();
    if (process.env.SCREENSHOTS) await app.page.screenshot({ path: `${process.env.SCREENSHOTS}/search-1280.png`, fullPage: true });

    const asTyped = app.page.getByRole('link', { name: 'Search instead for “cybersecurty”' });
    expect(await asTyped.getAttribute('href')).toBe('/search/keyword?query=cybersecurty&exact=1');
    await asTyped.click();
    await app.page.waitForURL(/exact=1$/);
    await app.page.getByText('No results match “cybersecurty”.').waitFor();
    expect(await app.page.getByText('Showing results for').count()).toBe(0);

    // Searching again from the box goes back to corrected searching.
    await app.page.getByRole('searchbox', { name: 'Search keywords' }).fill('netwrok');
    await app.page.getByRole('search').getByRole('button', { name: 'Search' }).click();
    await app.page.getByText('Showing results for network.').waitFor();
    expect(pageErrorsOnly(app.errors)).toEqual([]);
  });

  test('a query found as typed has no such line; at 390 px the line and link stay readable', async () => {
    await app.page.setViewportSize({ width: 390, height: 844 });
    await app.page.goto(`${app.url}/search/keyword?query=cybersecurity`);
    await app.page.getByRole('link', { name: 'Cyber Security Specialist Diploma' }).waitFor();
    expect(await app.page.getByText('Showing results for').count()).toBe(0);
    await app.page.goto(`${app.url}/search/keyword?query=securty`);
    const line = app.page.getByText('Showing results for security.');
    await line.waitFor();
    const box = await line.boundingBox();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 390).toBe(true);
    if (process.env.SCREENSHOTS) await app.page.screenshot({ path: `${process.env.SCREENSHOTS}/search-390.png`, fullPage: true });
  });

  test('each result shows its match highlighted; a query nothing matches says so and offers the listings', async () => {
    await app.page.setViewportSize({ width: 1280, height: 900 });
    await app.page.goto(`${app.url}/search/keyword?query=aws`);
    const result = app.page.getByRole('listitem').filter({ has: app.page.getByRole('link', { name: 'Cloud Computing Engineer Diploma' }) });
    await result.waitFor();
    expect(await result.locator('mark').allTextContents()).toEqual(['AWS']);

    await app.page.goto(`${app.url}/search/keyword?query=qwxzvkj`);
    const notice = app.page.getByRole('status').filter({ hasText: 'No results match “qwxzvkj”.' });
    await notice.waitFor();
    const fullTime = notice.getByRole('link', { name: 'full-time programs' });
    expect(await fullTime.getAttribute('href')).toBe('/full-time-courses');
    expect(await notice.getByRole('link', { name: 'part-time courses' }).getAttribute('href')).toBe('/part-time-courses');
    await fullTime.click();
    await app.page.getByRole('heading', { level: 1, name: 'Full Time Vocational Programs' }).waitFor();
    expect(pageErrorsOnly(app.errors)).toEqual([]);
  });
});
