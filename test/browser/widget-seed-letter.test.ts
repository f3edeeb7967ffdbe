/**
 * @jest-environment node
 *
 * The seed's letter for the widget's messages, pinned literally (issue 19), on the partner page
 * served from a second origin and on a right-to-left host page:
 * - R-toasts "Toasts appear bottom-left and close after 5 seconds": the toast's box is at the
 *   bottom-left of the VIEWPORT at 1280x900 and 390x844, it is drawn above the modal dialog (the
 *   shadow root's elementFromPoint at its centre is the toast), it never covers Close or Submit,
 *   and it closes after 5 s of the page's own clock (playwright's fake clock, not wall time).
 * - R-quiet-failures "failed course-type searches are only logged; nothing is shown to the user": a failed
 *   GET {api}/courses/search?course_type= logs to the console, shows no alert, toast or text, and
 *   the form still sends an inquiry.
 */
import type { Page } from 'playwright-core';
import { describeBrowser, eventually } from '../support/browser';
import { startPartnerOrigin, type PartnerOrigin } from '../support/partner-origin';
import { browser, courses, dialog, fill, openPartner, partner, server, setUpWidgetSuite, toast, WIDGET_HOST } from './widget-support';

const PHONE_TOAST = 'Please enter a valid phone number';
type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** What the widget's shadow root draws at a point: 'toast', 'close', 'submit' or another tag. */
async function topmostAt(page: Page, x: number, y: number): Promise<string> {
  return page.evaluate(
    ({ px, py }) => {
      const host = document.querySelector('college-inquiry-widget');
      if (document.elementFromPoint(px, py) !== host) return 'page';
      const hit = host?.shadowRoot?.elementFromPoint(px, py);
      if (!hit) return 'nothing';
      if (hit.closest('[role="alert"]')) return 'toast';
      const button = hit.closest('button');
      if (button?.textContent === 'Close') return 'close';
      if (button?.textContent === 'Submit') return 'submit';
      return hit.tagName.toLowerCase();
    },
    { px: x, py: y },
  );
}

/** The widget's own console line about a failed search (the browser's "Failed to load resource" line does not count). */
const loggedSearch = (logged: string[]) =>
  logged.some((line) => line.includes('/courses/search?course_type=2') && line.includes('CollegeInquiry'));

const centre = (box: Box): [number, number] => [box.x + box.width / 2, box.y + box.height / 2];

describeBrowser("inquiry widget: the seed's toast and course-type search rules", () => {
  setUpWidgetSuite();
  let rtl: PartnerOrigin;

  beforeAll(async () => {
    rtl = await startPartnerOrigin(server.url, {
      '/': `<!doctype html><html lang="ar" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>شريك</title>
        <style>body{margin:0;font:22px/1.8 serif;direction:rtl} .bar{position:fixed;bottom:0;left:0;right:0;height:90px;background:#222;z-index:2147483647}</style>
        <script src="${server.url}/widget/college-inquiry.js" async></script></head>
        <body><main><h1>ابدأ مسيرتك</h1><button id="apply" onclick="CollegeInquiry.open()">Apply now</button></main><div class="bar"></div></body></html>`,
    });
  });
  afterAll(() => rtl?.close());

  async function phoneToast(page: Page) {
    await page.getByRole('button', { name: 'Apply now' }).click();
    await fill(page, { phone: '' });
    await dialog(page).getByRole('button', { name: 'Submit' }).click();
    const message = toast(page, PHONE_TOAST);
    await message.waitFor();
    return message;
  }

  /** Bottom-left of the viewport, above the dialog, Close and Submit uncovered. */
  async function expectSeedToast(page: Page, viewport: { width: number; height: number }, shot: string) {
    const message = await phoneToast(page);
    // The dialog may make room for the toast (phones): measure once it has settled.
    await eventually(async () => JSON.stringify(await message.boundingBox()) === JSON.stringify(await message.boundingBox()), true);
    const [box, close, submit, form] = await Promise.all([
      message.boundingBox(),
      dialog(page).getByRole('button', { name: 'Close' }).boundingBox(),
      dialog(page).getByRole('button', { name: 'Submit' }).boundingBox(),
      dialog(page).boundingBox(),
    ]);
    if (!box || !close || !submit || !form) throw new Error('toast, dialog or buttons not laid out');
    await page.screenshot({ path: shot });
    // Bottom-left of the viewport, wholly inside it.
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x).toBeLessThanOrEqual(24);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    expect(viewport.height - (box.y + box.height)).toBeLessThanOrEqual(24);
    expect(box.x + box.width).toBeLessThanOrEqual(Math.min(viewport.width, 420));
    // Drawn above the modal dialog (the top layer), and Close and Submit stay visible and clickable.
    expect(await topmostAt(page, ...centre(box))).toBe('toast');
    // It covers nothing of the form (the form makes room where they would meet), least of all its buttons.
    expect(intersects(box, form)).toBe(false);
    expect(intersects(box, close)).toBe(false);
    expect(intersects(box, submit)).toBe(false);
    expect(await topmostAt(page, ...centre(close))).toBe('close');
    expect(await topmostAt(page, ...centre(submit))).toBe('submit');
    // Its own dismiss button works over the dialog.
    await message.getByRole('button', { name: 'Dismiss message' }).click();
    await eventually(() => message.count(), 0);
  }

  test.each([
    [1280, 900],
    [390, 844],
    [768, 600],
  ])(
    "on the partner page at %ix%i the toast is at the viewport's bottom-left, above the dialog, clear of Close and Submit",
    async (width, height) => {
      const viewport = { width, height };
      const { page, errors } = await openPartner('', viewport);
      await expectSeedToast(page, viewport, `/tmp/shots/widget-seed-toast-${width}.png`);
      expect(errors).toEqual([]);
      await page.close();
    },
  );

  test('on a right-to-left page with a fixed bar at z-index 2147483647, the toast is still bottom-left and on top', async () => {
    const viewport = { width: 390, height: 844 };
    const page = await browser.newPage({ viewport });
    await page.goto(`${rtl.url}/`);
    await page.waitForFunction(() => typeof (window.CollegeInquiry as { version?: string } | undefined)?.version === 'string');
    await expectSeedToast(page, viewport, '/tmp/shots/widget-seed-toast-rtl-390.png');
    await page.close();
  });

  test("a toast closes after 5 seconds of the page's clock, not before", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.clock.install();
    await page.goto(`${partner.url}/`);
    await page.waitForFunction(() => typeof (window.CollegeInquiry as { version?: string } | undefined)?.version === 'string');
    await page.getByRole('button', { name: 'Apply now' }).click();
    await fill(page, { phone: '' });
    // Stop the clock, then let it run in small steps until the toast is there: it was created
    // within the last `lead` milliseconds of fake time.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await dialog(page).getByRole('button', { name: 'Submit' }).click();
    const message = toast(page, PHONE_TOAST);
    let lead = 0;
    while ((await message.count()) === 0) {
      if (lead > 2000) throw new Error('the toast never appeared');
      await page.clock.runFor(20);
      lead += 20;
    }
    await page.clock.runFor(4950 - lead);
    expect(await message.count()).toBe(1);
    await page.clock.runFor(lead + 100);
    await eventually(() => message.count(), 0);
    await page.close();
  });

  /** Opens the form with every course-type search failing, recording the console. */
  async function withFailingSearch(open: (page: Page) => Promise<void>) {
    const { page, errors } = await openPartner();
    const logged: string[] = [];
    page.on('console', (message) => logged.push(`${message.type()}: ${message.text()}`));
    const searches: string[] = [];
    await page.route('**/api/courses/search**', (route) => {
      searches.push(route.request().url());
      return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Search is down' }) });
    });
    await open(page);
    await dialog(page).waitFor();
    return { page, errors, logged, searches };
  }

  async function expectNothingShown(page: Page) {
    const host = page.locator(WIDGET_HOST);
    expect(await host.getByRole('alert').count()).toBe(0);
    expect(await host.getByRole('status').count()).toBe(0);
    const text = (await dialog(page).innerText()).toLowerCase();
    for (const words of ['could not', 'search is down', 'error', 'retry', 'failed']) expect(text).not.toContain(words);
  }

  test('a failed course-type search is only logged: no alert, toast or text, and the form still sends', async () => {
    const { page, logged, searches } = await withFailingSearch((p) => p.getByRole('button', { name: 'Apply now' }).click());
    const courseSelect = dialog(page).getByLabel('Course', { exact: true });
    await eventually(() => courseSelect.locator('option').count(), courses.length + 2);
    await dialog(page).getByLabel('Course Type').selectOption('2');
    await eventually(async () => searches.length > 0 && loggedSearch(logged), true);
    // Settled: the select is usable again, and nothing tells the visitor anything went wrong.
    await eventually(() => courseSelect.getAttribute('aria-busy'), 'false');
    await expectNothingShown(page);
    expect(await courseSelect.isEnabled()).toBe(true);
    // The list still offers the part-time courses (the full list, by type) and the adviser option.
    const partTime = courses.filter((c) => c.course_type === 2);
    expect(await courseSelect.locator('option').count()).toBe(partTime.length + 2);
    const chosen = partTime[0];
    if (!chosen) throw new Error('no part-time course seeded');
    await courseSelect.selectOption(chosen._id);
    await fill(page, { email: 'search-down@example.com' });
    await dialog(page).getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(`${server.url}/thank-you`);
    await page.close();
  });

  test('a failed search for a preset course type (open(null, 2)) is only logged too; Need advise still sends', async () => {
    const { page, logged } = await withFailingSearch((p) => p.getByRole('button', { name: 'Part-time courses' }).click());
    await eventually(async () => loggedSearch(logged), true);
    const courseSelect = dialog(page).getByLabel('Course', { exact: true });
    await eventually(() => courseSelect.getAttribute('aria-busy'), 'false');
    await expectNothingShown(page);
    await courseSelect.selectOption('000000000000000000000000');
    await fill(page, { email: 'search-down-preset@example.com' });
    await dialog(page).getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(`${partner.url}/thanks`);
    await page.close();
  });
});
