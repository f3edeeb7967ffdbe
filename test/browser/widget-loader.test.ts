/**
 * @jest-environment node
 *
 * The widget's loader: the stable script URL installs the API and openers only; the form code is
 * fetched on intent (pointer over an opener), in idle time after load, or at the latest by
 * open(); open() starts the course list request in parallel with the form code; the phone
 * package (intl-tel-input, its utilities, the flags) comes after the course list, or on the
 * phone field's first focus. Pages are served by a second origin; a never-answering image keeps
 * a page's load event (and so the idle prefetch) from firing where a test needs that.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { describeBrowser, eventually } from '../support/browser';
import { startPartnerOrigin, type PartnerOrigin } from '../support/partner-origin';
import { browser, courses, dialog, fill, leadsByEmail, PHONE_E164, server, setUpWidgetSuite } from './widget-support';

interface Seen {
  url: string;
  start: number;
  end: number | null;
}

/** Every request the page makes, with start and end times (ms since the first). */
function track(tab: Page): Seen[] {
  const seen: Seen[] = [];
  const t0 = Date.now();
  tab.on('request', (request) => seen.push({ url: request.url(), start: Date.now() - t0, end: null }));
  tab.on('requestfinished', (request) => {
    const entry = seen.find((s) => s.url === request.url() && s.end === null);
    if (entry) entry.end = Date.now() - t0;
  });
  return seen;
}
const FORM = /\/widget\/college-inquiry-form\.js/;
const COURSES = /\/api\/courses$/;
const PHONE = /\/widget\/(college-inquiry-phone-input-.*\.js|phone-utils\.js|flags(@2x)?\.webp)/;
const find = (seen: Seen[], pattern: RegExp) => seen.filter((s) => pattern.test(s.url));

describeBrowser('inquiry widget loader', () => {
  setUpWidgetSuite();
  let hanging: http.Server;
  let site: PartnerOrigin;

  beforeAll(async () => {
    hanging = http.createServer(() => undefined);
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const never = `<img alt="" src="http://127.0.0.1:${(hanging.address() as AddressInfo).port}/never.png">`;
    const script = `<script src="${server.url}/widget/college-inquiry.js" async></script>`;
    const shell = (body: string) =>
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner</title>${script}</head><body><main>${body}</main></body></html>`;
    site = await startPartnerOrigin(server.url, {
      '/loading': shell(
        `<h1>Partner</h1><a href="/apply" data-college-inquiry>Apply now</a><button id="open" onclick="CollegeInquiry.open()">Open</button>${never}`,
      ),
      '/loaded': shell('<h1>Partner</h1><button id="open" onclick="CollegeInquiry.open()">Open</button>'),
    });
  });
  afterAll(async () => {
    await site?.close();
    hanging?.closeAllConnections();
    await new Promise((resolve) => hanging?.close(resolve));
  });

  const visit = async (path: string) => {
    const tab = await browser.newPage();
    const seen = track(tab);
    await tab.goto(`${site.url}${path}`, { waitUntil: 'domcontentloaded' });
    await tab.waitForFunction(() => typeof (window.CollegeInquiry as { version?: string } | undefined)?.version === 'string');
    return { tab, seen };
  };

  test('the page gets the loader only; pointer over a declarative opener fetches the form code, a click opens it', async () => {
    const { tab, seen } = await visit('/loading');
    await tab.waitForTimeout(500);
    expect(find(seen, FORM)).toEqual([]);
    expect(find(seen, COURSES)).toEqual([]);
    await tab.getByRole('link', { name: 'Apply now' }).hover();
    await eventually(() => Promise.resolve(find(seen, FORM).length), 1);
    expect(find(seen, COURSES)).toEqual([]);
    await tab.getByRole('link', { name: 'Apply now' }).click();
    await dialog(tab).waitFor();
    await dialog(tab).getByLabel('Course', { exact: true }).locator('option').nth(2).waitFor({ state: 'attached' });
    // One course request: the one open() started; the mounted form took its answer.
    await tab.waitForTimeout(300);
    expect(find(seen, COURSES)).toHaveLength(1);
    expect(find(seen, FORM)).toHaveLength(1);
    await tab.close();
  });

  test('after the page has loaded, idle time fetches the form code (and nothing else)', async () => {
    const { tab, seen } = await visit('/loaded');
    await eventually(() => Promise.resolve(find(seen, FORM).length), 1);
    await tab.waitForTimeout(300);
    expect(find(seen, COURSES)).toEqual([]);
    expect(find(seen, PHONE)).toEqual([]);
    await tab.close();
  });

  test('open(): course list and form code start together; the phone package only after the list', async () => {
    const { tab, seen } = await visit('/loading');
    const cdp = await tab.context().newCDPSession(tab);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 300,
      downloadThroughput: 400 * 1024,
      uploadThroughput: -1,
    });
    await tab.locator('#open').click();
    await dialog(tab)
      .getByRole('option', { name: courses[0]?.course_name ?? '' })
      .waitFor({ state: 'attached', timeout: 15_000 });
    const [form] = find(seen, FORM);
    const [list] = find(seen, COURSES);
    if (!form || !list) throw new Error('form code or course list not requested');
    // In parallel: the list was asked for before the form code had arrived.
    expect(list.start).toBeLessThan(form.end ?? Infinity);
    await eventually(() => Promise.resolve(find(seen, PHONE).length > 0), true, 10_000);
    for (const asset of find(seen, PHONE)) expect(asset.start).toBeGreaterThanOrEqual(list.end ?? Infinity);
    await tab.close();
  });

  test('focus stays in the phone field while the phone package enhances it', async () => {
    const { tab } = await visit('/loading');
    // A slow line, so the package is still on its way while the visitor types (the course
    // list, which it waits for otherwise, is slow too).
    const cdp = await tab.context().newCDPSession(tab);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 800, downloadThroughput: -1, uploadThroughput: -1 });
    await tab.locator('#open').click();
    const phone = dialog(tab).getByLabel('Phone *');
    await phone.click();
    await tab.keyboard.type('416');
    // The package arrives (its country button appears) while the visitor is typing.
    expect(await dialog(tab).locator('.iti__selected-country').count()).toBe(0);
    await dialog(tab).locator('.iti__selected-country').waitFor();
    await tab.keyboard.type('5550123');
    expect(await phone.inputValue()).toMatch(/^416\D?555\D?0123$/);
    await tab.close();
  });

  test('the phone field enhances in place: what was typed before the package arrived is kept and sent in international format', async () => {
    const { tab } = await visit('/loading');
    await tab.locator('#open').click();
    await fill(tab, { email: 'loader.phone@example.com' });
    await dialog(tab).getByRole('button', { name: 'Submit' }).click();
    await tab.waitForURL(`${server.url}/thank-you`);
    expect(await leadsByEmail('loader.phone@example.com')).toEqual([expect.objectContaining({ phone: PHONE_E164 })]);
    await tab.close();
  });
});
