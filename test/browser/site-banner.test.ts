/** @jest-environment node */
/**
 * The home banner of Microsoft course offers (seed §2, §9): fade with a 100 ms transition, automatic
 * rotation, pause on hover and on keyboard focus, and a visible pause control.
 */
import type { Browser, Page } from 'playwright-core';
import { describeBrowser, eventually, launchBrowser, trackPageErrors } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';

describeBrowser('college site: home banner', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    errors = trackPageErrors(page);
    await page.goto(server.url + '/');
    await page.locator('.banner-slide.is-active').waitFor();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const banner = () => page.getByRole('region', { name: 'Microsoft course offers' });
  const rotating = () => banner().getAttribute('data-rotating');
  const activeTitle = () => page.locator('.banner-slide.is-active .banner-title').textContent();

  test('shows the offers from the API and fades between them in 100 ms', async () => {
    const offers = (await (await fetch(`${server.url}/api/banner-offers`)).json()) as { title: string }[];
    expect(offers.length).toBeGreaterThan(1);
    expect(await activeTitle()).toBe(offers[0]!.title);
    const style = await page.locator('.banner-slide').first().evaluate((el) => {
      const s = getComputedStyle(el);
      return { property: s.transitionProperty, duration: s.transitionDuration };
    });
    expect(style.property).toContain('opacity');
    expect(style.duration.split(',')[0]?.trim()).toBe('0.1s');
  });

  test('rotates automatically', async () => {
    await page.mouse.move(5, 880);
    const first = await activeTitle();
    await eventually(rotating, 'true');
    await page.waitForFunction((title) => document.querySelector('.banner-slide.is-active .banner-title')?.textContent !== title, first, { timeout: 8000 });
  }, 15_000);

  test('pauses on hover and on keyboard focus, resumes after', async () => {
    await banner().hover();
    await eventually(rotating, 'false');
    await page.mouse.move(5, 880);
    await eventually(rotating, 'true');
    await page.locator('.banner-dot').first().focus();
    await eventually(rotating, 'false');
    await page.locator('h1').focus();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await eventually(rotating, 'true');
  });

  test('has a visible pause control that stops and restarts the rotation', async () => {
    const pause = banner().getByRole('button', { name: 'Pause banner rotation' });
    expect(await pause.isVisible()).toBe(true);
    await pause.click();
    await page.mouse.move(5, 880);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await eventually(rotating, 'false');
    const title = await activeTitle();
    await page.waitForTimeout(5500);
    expect(await activeTitle()).toBe(title);
    await banner().getByRole('button', { name: 'Play banner rotation' }).click();
    await page.mouse.move(5, 880);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await eventually(rotating, 'true');
    expect(errors).toEqual([]);
  }, 15_000);
});
