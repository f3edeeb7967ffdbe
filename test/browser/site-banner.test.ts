/** @jest-environment node */
/**
 * The home banner of Microsoft course offers (requirements R-banner): fade with a 100 ms transition, automatic
 * rotation, pause on hover and on keyboard focus, and a visible pause control.
 */
import { describeBrowser, eventually } from '../support/browser';
import { useBrowserApp } from '../support/browser-app';

describeBrowser('college site: home banner', () => {
  const app = useBrowserApp({ page: 'suite', viewport: { width: 1280, height: 900 } });

  beforeAll(async () => {
    await app.page.goto(app.url + '/');
    await app.page.locator('.banner-slide.is-active').waitFor();
  }, 60_000);

  const banner = () => app.page.getByRole('region', { name: 'Microsoft course offers' });
  const rotating = () => banner().getAttribute('data-rotating');
  const activeTitle = () => app.page.locator('.banner-slide.is-active .banner-title').textContent();

  test('shows the offers from the API and fades between them in 100 ms', async () => {
    const offers = (await (await fetch(`${app.url}/api/banner-offers`)).json()) as { title: string }[];
    expect(offers.length).toBeGreaterThan(1);
    expect(await activeTitle()).toBe(offers[0]!.title);
    const style = await app.page
      .locator('.banner-slide')
      .first()
      .evaluate((el) => {
        const s = getComputedStyle(el);
        return { property: s.transitionProperty, duration: s.transitionDuration };
      });
    expect(style.property).toContain('opacity');
    expect(style.duration.split(',')[0]?.trim()).toBe('0.1s');
  });

  test('rotates automatically', async () => {
    await app.page.mouse.move(5, 880);
    const first = await activeTitle();
    await eventually(rotating, 'true');
    await app.page.waitForFunction(
      (title) => document.querySelector('.banner-slide.is-active .banner-title')?.textContent !== title,
      first,
      { timeout: 8000 },
    );
  }, 15_000);

  test('pauses on hover and on keyboard focus, resumes after', async () => {
    await banner().hover();
    await eventually(rotating, 'false');
    await app.page.mouse.move(5, 880);
    await eventually(rotating, 'true');
    await app.page.locator('.banner-dot').first().focus();
    await eventually(rotating, 'false');
    await app.page.locator('h1').focus();
    await app.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await eventually(rotating, 'true');
  });

  test('has a visible pause control that stops and restarts the rotation', async () => {
    const pause = banner().getByRole('button', { name: 'Pause banner rotation' });
    expect(await pause.isVisible()).toBe(true);
    await pause.click();
    await app.page.mouse.move(5, 880);
    await app.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await eventually(rotating, 'false');
    const title = await activeTitle();
    await app.page.waitForTimeout(5500);
    expect(await activeTitle()).toBe(title);
    await banner().getByRole('button', { name: 'Play banner rotation' }).click();
    await app.page.mouse.move(5, 880);
    await app.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await eventually(rotating, 'true');
    expect(app.errors).toEqual([]);
  }, 15_000);
});
