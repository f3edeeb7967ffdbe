/**
 * @jest-environment node
 *
 * The inquiry widget's states, on partner pages served from a second origin against the real
 * test server: field errors from the server, the course list loading, an unreachable API (a TCP
 * proxy whose line is cut, then restored) with Retry, a server that never answers (timeout),
 * and the events a partner listens to for its ad conversion.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { axeViolations, describeBrowser, describeViolations, eventually } from '../support/browser';
import { startPartnerOrigin, type PartnerOrigin } from '../support/partner-origin';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy';
import { browser, courses, dialog, fill, isFocused, leadsByEmail, server, setUpWidgetSuite, toast, WIDGET_HOST } from './widget-support';

const STUB =
  "<script>(function(w,c){c=w.CollegeInquiry=w.CollegeInquiry||{q:[]};['open','close','on','off'].forEach(function(m){c[m]=c[m]||function(){c.q.push([m,[].slice.call(arguments)])}})})(window);</script>";
const page = (head: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner</title>${head}</head><body><main><h1>Partner</h1><button id="apply" onclick="CollegeInquiry.open()">Apply now</button></main></body></html>`;

describeBrowser('inquiry widget states: field errors, loading, unreachable API, timeout, events', () => {
  setUpWidgetSuite();
  let proxy: TcpProxy;
  let hanging: http.Server;
  let site: PartnerOrigin;

  beforeAll(async () => {
    const port = Number(new URL(server.url).port);
    proxy = await startTcpProxy({ host: '127.0.0.1', port });
    // A server that accepts every request and never answers.
    hanging = http.createServer(() => undefined);
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const hangUrl = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`;
    const script = (attributes = '') => `<script src="${server.url}/widget/college-inquiry.js" ${attributes} async></script>`;
    const record = `<script>
      window.seen = JSON.parse(sessionStorage.getItem('seen') || '[]');
      const keep = (what) => (detail) => { seen.push([what, detail]); sessionStorage.setItem('seen', JSON.stringify(seen)); };
      for (const name of ['open', 'close', 'submit', 'error']) {
        CollegeInquiry.on(name, keep('on:' + name));
        addEventListener('collegeinquiry:' + name, (event) => keep('window:' + name)(event.detail));
      }
    </script>`;
    site = await startPartnerOrigin(server.url, {
      '/proxied': page(script(`data-api-base="http://127.0.0.1:${proxy.port}/api"`)),
      '/hanging': page(script(`data-leads-base="${hangUrl}/api"`)),
      '/events': page(`${STUB}${record}${script()}`),
    });
  });
  afterAll(async () => {
    await site?.close();
    hanging?.closeAllConnections();
    await new Promise((resolve) => hanging?.close(resolve));
    await proxy?.close();
  });

  const open = async (path: string, viewport = { width: 1280, height: 900 }) => {
    const tab = await browser.newPage({ viewport });
    await tab.goto(`${site.url}${path}`);
    await tab.waitForFunction(() => typeof (window.CollegeInquiry as { version?: string } | undefined)?.version === 'string');
    await tab.getByRole('button', { name: 'Apply now' }).click();
    await dialog(tab).waitFor();
    return tab;
  };

  test('every invalid field is marked beside it (aria-invalid, aria-describedby) and focus goes to the first', async () => {
    const tab = await open('/events');
    await fill(tab, { first: ' ', email: 'not-an-email' });
    await dialog(tab).getByRole('button', { name: 'Submit' }).click();
    const first = dialog(tab).getByLabel('First Name *');
    const email = dialog(tab).getByLabel('Email *');
    await eventually(() => first.getAttribute('aria-invalid'), 'true');
    await eventually(() => email.getAttribute('aria-invalid'), 'true');
    // The field's description is its message, so a screen reader reads it with the field.
    expect(
      await first.evaluate((el) => (el.getRootNode() as ShadowRoot).getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent),
    ).toBe('Please enter your first name.');
    expect(
      await email.evaluate((el) => (el.getRootNode() as ShadowRoot).getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent),
    ).toBe('Please enter a valid email address.');
    await eventually(() => isFocused(first), true);
    // The seed's toast still carries the server's message.
    await toast(tab, 'Please enter your first name.').waitFor();
    await tab.screenshot({ path: '/tmp/shots/widget-field-errors-1280.png' });
    expect(describeViolations(await axeViolations(tab, WIDGET_HOST))).toEqual([]);
    expect(await dialog(tab).getByLabel('Last Name *').getAttribute('aria-invalid')).toBeNull();
    // Typing in a field withdraws its message; the other stays.
    await first.fill('Ada');
    await eventually(() => first.getAttribute('aria-invalid'), null);
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    await tab.close();
  });

  test('a success clears earlier error toasts (on the college site, where the page stays)', async () => {
    const tab = await browser.newPage();
    await tab.goto(`${server.url}/contact`);
    await tab.waitForFunction(() => typeof (window.CollegeInquiry as { version?: string } | undefined)?.version === 'string');
    await tab.evaluate(() => window.CollegeInquiry?.open?.());
    await fill(tab, { email: 'bad-then-good' });
    await dialog(tab).getByRole('button', { name: 'Submit' }).click();
    await toast(tab, 'Please enter a valid email address.').waitFor();
    await dialog(tab).getByLabel('Email *').fill('bad-then-good@example.com');
    await dialog(tab).getByRole('button', { name: 'Submit' }).click();
    await tab.waitForURL(`${server.url}/thank-you`);
    await toast(tab, 'Thank you!').waitFor();
    expect(await tab.locator(WIDGET_HOST).getByRole('alert').count()).toBe(1);
    await tab.close();
  });

  test('the Course select shows that its list is loading (slow network), then the courses', async () => {
    const tab = await browser.newPage();
    const cdp = await tab.context().newCDPSession(tab);
    await tab.goto(`${site.url}/events`);
    await tab.waitForFunction(() => typeof (window.CollegeInquiry as { version?: string } | undefined)?.version === 'string');
    // The form's code is fetched on intent (a pointer over an opener) or at idle time: fetched before
    // the network slows, so only the course list is slow, as the test means (on a busy machine idle
    // time came too late, and the slow form then arrived with its courses already there).
    await tab.getByRole('button', { name: 'Apply now' }).hover();
    await tab.waitForLoadState('networkidle');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 1500, downloadThroughput: -1, uploadThroughput: -1 });
    await tab.getByRole('button', { name: 'Apply now' }).click();
    const course = dialog(tab).getByLabel('Course', { exact: true });
    await dialog(tab).getByRole('status').filter({ hasText: 'Loading courses...' }).waitFor();
    expect(await course.getAttribute('aria-busy')).toBe('true');
    await eventually(() => course.locator('option').count(), courses.length + 2, 15_000);
    expect(await dialog(tab).getByText('Loading courses...').count()).toBe(0);
    expect(await course.getAttribute('aria-busy')).toBe('false');
    await tab.close();
  });

  test('an unreachable API is reported in the form when it opens; Retry loads the list once it is back', async () => {
    proxy.pause();
    const tab = await open('/proxied');
    const alert = dialog(tab).getByRole('alert').filter({ hasText: 'We could not load the course list.' });
    await alert.waitFor();
    expect(await dialog(tab).getByLabel('Course', { exact: true }).locator('option').allTextContents()).toEqual([
      'Select Course',
      'Need advise with program choice',
    ]);
    proxy.resume();
    await alert.getByRole('button', { name: 'Retry' }).click();
    await eventually(() => dialog(tab).getByLabel('Course', { exact: true }).locator('option').count(), courses.length + 2);
    expect(await alert.count()).toBe(0);
    await tab.close();
  });

  test('a server that never answers: after 15 s a clear message, what was typed kept, Submit enabled again', async () => {
    const tab = await open('/hanging', { width: 390, height: 844 });
    await fill(tab, { email: 'hang@example.com' });
    const submit = dialog(tab).getByRole('button', { name: /Submit|Sending/ });
    await submit.click();
    await eventually(() => submit.textContent(), 'Sending...');
    const message = toast(tab, 'The server did not answer in time.');
    await message.waitFor({ timeout: 20_000 });
    // At 390 px too, the toast (bottom-left of the viewport) sits below the buttons and covers neither.
    await eventually(async () => {
      const [box, close, send] = await Promise.all([
        message.boundingBox(),
        dialog(tab).getByRole('button', { name: 'Close' }).boundingBox(),
        submit.boundingBox(),
      ]);
      return Boolean(box && close && send && box.y >= Math.max(close.y + close.height, send.y + send.height));
    }, true);
    await tab.screenshot({ path: '/tmp/shots/widget-timeout-390.png' });
    expect(await submit.textContent()).toBe('Submit');
    expect(await submit.isEnabled()).toBe(true);
    expect(await dialog(tab).getByLabel('Email *').inputValue()).toBe('hang@example.com');
    expect(await dialog(tab).getByLabel('First Name *').inputValue()).toBe('Ada');
    await tab.close();
  }, 40_000);

  test('events: open, close, error, submit via on() (queued before load) and window CustomEvents; no personal data', async () => {
    const course = courses.find((c) => c.course_type === 2);
    if (!course) throw new Error('no part-time course seeded');
    const tab = await open('/events');
    await dialog(tab).getByRole('button', { name: 'Close' }).click();
    await tab.evaluate(([id]) => window.CollegeInquiry?.open?.(id, 2, '/thanks'), [course._id]);
    await fill(tab, { first: 'Grace', last: 'Hopper', email: 'grace-events' });
    await dialog(tab).getByRole('button', { name: 'Submit' }).click();
    await toast(tab, 'Please enter a valid email address.').waitFor();
    await dialog(tab).getByLabel('Email *').fill('grace.events@example.com');
    await dialog(tab).getByRole('button', { name: 'Submit' }).click();
    await tab.waitForURL(`${site.url}/thanks`);
    expect(await leadsByEmail('grace.events@example.com')).toHaveLength(1);
    const seen = JSON.parse((await tab.evaluate(() => sessionStorage.getItem('seen'))) ?? '[]') as [string, unknown][];
    const none = { course: null, courseType: null, source: 1 };
    const preset = { course: course._id, courseType: 2, source: 1 };
    const both = (name: string, detail: unknown) => [
      [`on:${name}`, detail],
      [`window:${name}`, detail],
    ];
    expect(seen).toEqual([
      ...both('open', none),
      ...both('close', none),
      ...both('open', preset),
      ...both('error', { ...preset, reason: 'invalid' }),
      ...both('submit', preset),
      ...both('close', preset),
    ]);
    expect(JSON.stringify(seen)).not.toMatch(/Grace|Hopper|grace|4165550123/);
    await tab.close();
  });

  test('a dialog the browser closes by itself (not through our Escape handling) closes the form for real', async () => {
    const tab = await open('/events');
    await tab.evaluate(() => document.querySelector('college-inquiry-widget')?.shadowRoot?.querySelector('dialog')?.close());
    // Gone from the widget, not only hidden (a closed <dialog> already has no role in the page).
    await tab.waitForFunction(() => !document.querySelector('college-inquiry-widget')?.shadowRoot?.querySelector('dialog'));
    expect(await tab.evaluate(() => document.documentElement.style.overflow)).toBe('');
    await tab.getByRole('button', { name: 'Apply now' }).click();
    await dialog(tab).getByLabel('First Name *').fill('Again');
    await tab.close();
  });

  test("close() then open() at once: the new form stays open (the old dialog's late close event is ignored)", async () => {
    const tab = await open('/events');
    await tab.evaluate(() => {
      window.CollegeInquiry?.close?.();
      window.CollegeInquiry?.open?.();
    });
    await tab.waitForTimeout(300);
    await dialog(tab).getByLabel('First Name *').fill('Still here');
    expect(await dialog(tab).count()).toBe(1);
    await tab.close();
  });
});
