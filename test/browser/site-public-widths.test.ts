/** @jest-environment node */
/**
 * Public pages at every width (issue 19): the KPI table fits 1280 px with every header whole and
 * reads as cards at 390 px, and its text names the same indicators as its columns; the programs
 * menu fits a 1280x720 screen without scrolling inside itself; the calendar at 390 px is one
 * month of compact rows with the Month filter at hand (also without JavaScript).
 * Screenshots go to /tmp/shots/site-*.png.
 */
import type { Page } from 'playwright-core';
import { describeBrowser, trackPageErrors } from '../support/browser';
import { useBrowserApp } from '../support/browser-app';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

describeBrowser('public pages at desktop and phone widths', () => {
  const app = useBrowserApp({ screenshots: '/tmp/shots' });

  async function open(
    path: string,
    viewport: { width: number; height: number },
    javaScriptEnabled = true,
  ): Promise<{ page: Page; errors: string[] }> {
    const context = await app.browser.newContext({ viewport, javaScriptEnabled });
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await page.goto(`${app.url}${path}`);
    return { page, errors };
  }

  const table = (page: Page) => page.getByRole('table', { name: /Key performance indicators by program/ });

  test('KPI at 1280x800: the table fits its column, no header is clipped, and the text names exactly its indicators', async () => {
    const { page, errors } = await open('/kpi', DESKTOP);
    await table(page).waitFor();
    const fit = await table(page).evaluate((el) => {
      const wrap = el.parentElement as HTMLElement;
      const headers = [...el.querySelectorAll('thead th')] as HTMLElement[];
      return {
        scrolls: wrap.scrollWidth > wrap.clientWidth,
        clippedHeaders: headers
          .filter((th) => th.scrollWidth > th.clientWidth || th.getBoundingClientRect().right > wrap.getBoundingClientRect().right)
          .map((th) => th.textContent),
      };
    });
    expect(fit).toEqual({ scrolls: false, clippedHeaders: [] });
    await page.screenshot({ path: '/tmp/shots/site-kpi-1280x800.png', fullPage: true });
    // The indicators the text lists are the table's columns, no more, no fewer.
    const columns = (await table(page).locator('thead th').allTextContents()).filter((name) => name !== 'Program' && name !== 'Year');
    const list = page.getByRole('heading', { name: 'The five indicators' }).locator('xpath=following-sibling::ul[1]').getByRole('listitem');
    const named = (await list.allTextContents()).map((item) => item.split(':')[0]?.trim());
    expect(named).toEqual(columns);
    expect(await page.getByRole('main').textContent()).not.toContain('OSAP default rate');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('KPI at 390x844: each program reads as a card, every figure with its label, nothing to scroll sideways', async () => {
    const { page, errors } = await open('/kpi', PHONE);
    await table(page).waitFor();
    const layout = await table(page).evaluate((el) => {
      const wrap = el.parentElement as HTMLElement;
      const row = el.querySelector('tbody tr') as HTMLElement;
      const cells = [...row.querySelectorAll('td')].map((td) => ({
        label: getComputedStyle(td, '::before').content,
        box: td.getBoundingClientRect(),
      }));
      return {
        scrolls: wrap.scrollWidth > wrap.clientWidth || document.documentElement.scrollWidth > innerWidth,
        labels: cells.map((cell) => cell.label),
        allInView: cells.every((cell) => cell.box.left >= 0 && cell.box.right <= innerWidth),
      };
    });
    const columns = (await table(page).locator('thead th').allTextContents()).filter((name) => name !== 'Program' && name !== 'Year');
    expect(layout).toEqual({ scrolls: false, labels: columns.map((name) => JSON.stringify(name)), allInView: true });
    await page.screenshot({ path: '/tmp/shots/site-kpi-390x844.png', fullPage: true });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('programs menu at 1280x720: in columns, wholly on screen, no scroll bar inside it', async () => {
    const { page, errors } = await open('/', { width: 1280, height: 720 });
    await page.getByRole('button', { name: 'Program & Courses menu' }).click();
    const panel = page.locator('#menu-programs');
    await panel.getByRole('link', { name: 'Part Time', exact: true }).waitFor();
    const fit = await panel.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const links = [...el.querySelectorAll('a')].map((a) => a.getBoundingClientRect());
      return {
        innerScroll: el.scrollHeight > el.clientHeight,
        inViewport: box.top >= 0 && box.bottom <= innerHeight && box.left >= 0 && box.right <= innerWidth,
        linksInView: links.every((r) => r.bottom <= innerHeight && r.right <= innerWidth),
      };
    });
    await page.screenshot({ path: '/tmp/shots/site-menu-1280x720.png' });
    expect(fit).toEqual({ innerScroll: false, inViewport: true, linksInView: true });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('calendar at 390x844: one month of compact rows, a short page, the Month filter and the next month at hand', async () => {
    const { page, errors } = await open('/calendar', PHONE);
    await page.getByRole('heading', { level: 1, name: 'Course Calendar' }).waitFor();
    expect(await page.locator('.calendar-month').count()).toBe(1);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeLessThan(6000);
    const rowHeight = await page
      .locator('.calendar-table tbody tr')
      .first()
      .evaluate((tr) => tr.getBoundingClientRect().height);
    expect(rowHeight).toBeLessThan(130);
    await page.screenshot({ path: '/tmp/shots/site-calendar-390x844.png', fullPage: true });
    // The Month filter: choose the second month; the page shows it, and links to the months around it.
    const month = page.getByLabel('Month', { exact: true });
    const second = (await month.locator('option').nth(1).getAttribute('value')) ?? '';
    await month.selectOption(second);
    await page.waitForURL(new RegExp(`month=${second}`));
    await page.locator(`#month-${second}`).waitFor();
    const pager = page.getByRole('navigation', { name: 'Other months' });
    expect(await pager.getByRole('link').count()).toBe(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('calendar without JavaScript: the Month filter is a GET form field and the month links work', async () => {
    const { page } = await open('/calendar', PHONE, false);
    const month = page.getByLabel('Month', { exact: true });
    const third = (await month.locator('option').nth(2).getAttribute('value')) ?? '';
    await month.selectOption(third);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(new RegExp(`month=${third}`));
    await page.locator(`#month-${third}`).waitFor();
    await page.getByRole('navigation', { name: 'Other months' }).locator('a.month-next').click();
    await page.waitForURL((url) => /month=\d{4}-\d{2}/.test(url.search) && !url.search.includes(third));
    expect(await page.locator('.calendar-month').count()).toBe(1);
    await page.context().close();
  });

  test('calendar at 1280x800: one month as a table', async () => {
    const { page, errors } = await open('/calendar', DESKTOP);
    await page.locator('.calendar-table').waitFor();
    expect(await page.locator('.calendar-table thead th').count()).toBe(6);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
    await page.screenshot({ path: '/tmp/shots/site-calendar-1280x800.png', fullPage: true });
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
