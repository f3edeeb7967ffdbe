/** @jest-environment node */
/**
 * The navbar's and banner's accessibility debts of issue 9: a dropdown closes when focus leaves it,
 * Escape hides a hover-opened panel (WCAG 1.4.13), chevron buttons are at least 24 x 24 px, Escape
 * closes the small-screen menu, and the banner does not rotate under prefers-reduced-motion.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describeBrowser, eventually } from '../support/browser';
import { useBrowserApp } from '../support/browser-app';

describeBrowser('college site: menu and banner accessibility', () => {
  const app = useBrowserApp();
  let context: BrowserContext;

  afterEach(async () => {
    await context?.close();
  });

  async function open(options: Parameters<Browser['newContext']>[0], path = '/about-us'): Promise<Page> {
    context = await app.browser.newContext(options);
    const page = await context.newPage();
    await page.goto(app.url + path);
    await page.locator('h1').first().waitFor();
    return page;
  }
  const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

  test('a dropdown closes when focus tabs out of it; Escape hides a panel opened by hovering', async () => {
    const page = await open({ viewport: { width: 1280, height: 900 } });
    const toggle = nav(page).getByRole('button', { name: 'About Us menu' });
    await eventually(async () => {
      await toggle.click();
      return toggle.getAttribute('aria-expanded');
    }, 'true');
    await page.mouse.move(1200, 880);
    // Tab past the panel's two links, then out of the item.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await eventually(() => toggle.getAttribute('aria-expanded'), 'true');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await eventually(() => toggle.getAttribute('aria-expanded'), 'false');

    const panel = page.locator('#menu-programs');
    await nav(page).getByRole('link', { name: 'Program & Courses' }).hover();
    await eventually(() => panel.isVisible(), true);
    await page.keyboard.press('Escape');
    await eventually(() => panel.isVisible(), false);
  });

  test('the dropdown chevron buttons are at least 24 x 24 px, wide and narrow', async () => {
    for (const width of [1280, 390]) {
      const page = await open({ viewport: { width, height: 900 } });
      if (width < 992) await nav(page).getByRole('button', { name: 'Menu', exact: true }).click();
      for (const name of ['About Us menu', 'Program & Courses menu']) {
        const box = await nav(page).getByRole('button', { name }).boundingBox();
        expect({ width, name, ok: box !== null && box.width >= 24 && box.height >= 24 }).toEqual({ width, name, ok: true });
      }
      await context.close();
    }
  });

  test('on a small screen Escape closes the menu and returns focus to its button', async () => {
    const page = await open({ viewport: { width: 390, height: 844 } });
    const menuButton = nav(page).getByRole('button', { name: 'Menu', exact: true });
    await eventually(async () => {
      if ((await menuButton.getAttribute('aria-expanded')) !== 'true') await menuButton.click();
      return menuButton.getAttribute('aria-expanded');
    }, 'true');
    await nav(page).getByRole('link', { name: 'Financial Aid' }).focus();
    await page.keyboard.press('Escape');
    await eventually(() => menuButton.getAttribute('aria-expanded'), 'false');
    expect(await menuButton.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  test('the banner does not rotate under prefers-reduced-motion: reduce', async () => {
    const page = await open({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' }, '/');
    const banner = page.getByRole('region', { name: 'Microsoft course offers' });
    await page.mouse.move(10, 890);
    await page.waitForTimeout(300);
    expect(await banner.getAttribute('data-rotating')).toBe('false');
    await context.close();
    const moving = await open({ viewport: { width: 1280, height: 900 }, reducedMotion: 'no-preference' }, '/');
    await moving.mouse.move(10, 890);
    await eventually(() => moving.getByRole('region', { name: 'Microsoft course offers' }).getAttribute('data-rotating'), 'true');
  });
});
