/**
 * @jest-environment node
 *
 * The inquiry widget end to end: the partner landing page (widget/demo/partner.html) served
 * from a second origin embeds the widget from the real test server; leads land in its database.
 */
import fs from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { axeViolations, describeBrowser, describeViolations, eventually, launchBrowser, trackPageErrors } from '../support/browser';
import { startPartnerOrigin, type PartnerOrigin } from '../support/partner-origin';
import { startTestServer, type TestServer } from '../support/server';

const PHONE_NATIONAL = '4165550123';
const WIDGET_HOST = 'college-inquiry-widget';
const STUB = "<script>window.CollegeInquiry=window.CollegeInquiry||{q:[],open:function(){this.q.push(['open',[].slice.call(arguments)])},close:function(){this.q.push(['close',[]])}};</script>";
const PHONE_E164 = '+14165550123';

/** Whether the element has focus in its own tree (a shadow root reports its own activeElement). */
const isFocused = (locator: Locator) => locator.evaluate((el) => (el.getRootNode() as Document | ShadowRoot).activeElement === el);

describeBrowser('inquiry widget on a partner page (second origin)', () => {
  let server: TestServer;
  let partner: PartnerOrigin;
  let browser: Browser;
  let courses: { _id: string; course_name: string; course_type: number }[] = [];
  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer({ env: { LEADS_RATE_LIMIT: '1000' } }), launchBrowser()]);
    const script = `<script src="${server.url}/widget/college-inquiry.js" async></script>`;
    const shell = (head: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner</title>${head}</head><body><main><h1>Partner</h1><button id="b">Other</button></main></body></html>`;
    partner = await startPartnerOrigin(server.url, {
      // A page that queues calls before the script arrives.
      '/queued': shell(`${STUB}<script>CollegeInquiry.open(null, 2); CollegeInquiry.close(); CollegeInquiry.open(null, 2, '/queued-done');</script>${script}`),
      // A careless page that includes the widget twice.
      '/twice': shell(`${script}${script}<script src="${server.url}/widget/college-inquiry.js"></script>`),
    });
    const answer = await fetch(`${server.url}/api/courses`);
    courses = (await answer.json()) as { _id: string; course_name: string; course_type: number }[];
  });
  afterAll(async () => {
    await browser?.close();
    await partner?.close();
    await server?.close();
  });

  async function openPartner(query = '', viewport = { width: 1280, height: 900 }): Promise<{ page: Page; errors: string[] }> {
    const page = await browser.newPage({ viewport });
    const errors = trackPageErrors(page);
    await page.goto(`${partner.url}/${query}`);
    await page.waitForFunction(() => typeof (window.CollegeInquiry as { version?: string } | undefined)?.version === 'string');
    return { page, errors };
  }

  const dialog = (page: Page) => page.getByRole('dialog', { name: 'Student Inquiry Form' });

  async function fill(page: Page, values: { first?: string; last?: string; email?: string; phone?: string } = {}) {
    const form = dialog(page);
    await form.getByLabel('First Name *').fill(values.first ?? 'Ada');
    await form.getByLabel('Last Name *').fill(values.last ?? 'Lovelace');
    await form.getByLabel('Email *').fill(values.email ?? 'ada@example.com');
    await form.getByLabel('Phone *').fill(values.phone ?? PHONE_NATIONAL);
  }

  async function leadsByEmail(email: string) {
    const { rows } = await server.db.pool.query(
      `SELECT first_name, last_name, email, phone, lead_type, address, source, course_id, course_type, location, financial_aid,
              utm_source, utm_medium, utm_campaign, utm_term, utm_content, landing_page, referrer
         FROM leads WHERE email = $1 ORDER BY created_at`,
      [email],
    );
    return rows;
  }

  test('open, fill, submit: the lead row is the seed payload; then the thank-you page', async () => {
    const { page, errors } = await openPartner();
    await page.getByRole('button', { name: 'Apply now' }).click();
    await dialog(page).waitFor();
    fs.mkdirSync('/tmp/shots', { recursive: true });
    await page.screenshot({ path: '/tmp/shots/widget-open-desktop.png' });
    await fill(page, { email: 'seed.payload@example.com' });
    await dialog(page).getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(`${server.url}/thank-you`);
    const rows = await leadsByEmail('seed.payload@example.com');
    expect(rows).toEqual([
      {
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: 'seed.payload@example.com',
        phone: PHONE_E164,
        lead_type: 1,
        address: '',
        source: 1,
        course_id: null,
        course_type: null,
        location: 1,
        financial_aid: false,
        utm_source: null,
        utm_medium: null,
        utm_campaign: null,
        utm_term: null,
        utm_content: null,
        landing_page: `${partner.url}/`,
        referrer: null,
      },
    ]);
    expect(errors).toEqual([]);
    await page.close();
  });
  /** Requests to POST /api/leads made by the page. */
  function leadRequests(page: Page): string[] {
    const seen: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/leads')) seen.push(request.postData() ?? '');
    });
    return seen;
  }

  const toast = (page: Page, text: string) => page.locator(WIDGET_HOST).getByRole('alert').filter({ hasText: text });

  test('presets lock both selects; a double click sends one lead; success goes to the preset redirect', async () => {
    const course = courses.find((c) => c.course_type === 1);
    if (!course) throw new Error('the seeded catalogue has no full-time course');
    const { page } = await openPartner();
    const sent = leadRequests(page);
    await page.evaluate(([id]) => window.CollegeInquiry?.open?.(id, 1, '/thanks'), [course._id]);
    const form = dialog(page);
    await eventually(() => form.getByLabel('Course', { exact: true }).isDisabled(), true);
    await eventually(() => form.getByLabel('Course Type').isDisabled(), true);
    await eventually(() => form.getByLabel('Course Type').inputValue(), '1');
    await eventually(() => form.getByLabel('Course', { exact: true }).inputValue(), course._id);
    await eventually(() => form.getByLabel('Course', { exact: true }).locator('option:checked').textContent(), course.course_name);
    await fill(page, { email: 'presets@example.com' });
    await form.getByRole('radio', { name: 'Yes' }).check();
    await form.getByRole('button', { name: 'Submit' }).dblclick();
    await page.waitForURL(`${partner.url}/thanks`);
    expect(sent).toHaveLength(1);
    expect(await leadsByEmail('presets@example.com')).toEqual([
      expect.objectContaining({ course_id: course._id, course_type: 1, financial_aid: true, location: 1, source: 1, phone: PHONE_E164 }),
    ]);
    await page.close();
  });

  test('without presets the selects are free; a course type reloads the course list from the search call', async () => {
    const { page } = await openPartner();
    await page.getByRole('button', { name: 'Apply now' }).click();
    const form = dialog(page);
    const courseSelect = form.getByLabel('Course', { exact: true });
    await eventually(() => courseSelect.isEnabled(), true);
    await eventually(() => courseSelect.locator('option[value="000000000000000000000000"]').textContent(), 'Need advise with program choice');
    await eventually(() => courseSelect.locator('option').count(), courses.length + 2);
    const search = page.waitForResponse((r) => r.url().endsWith('/api/courses/search?course_type=2'));
    await form.getByLabel('Course Type').selectOption('2');
    await search;
    const partTime = courses.filter((c) => c.course_type === 2);
    await eventually(() => courseSelect.locator('option').count(), partTime.length + 2);
    expect(await form.getByLabel('Course Type').locator('option').allTextContents()).toEqual(['Select Course Type', 'Full Time', 'Part Time']);
    // The aid question is for local students only.
    await form.getByRole('radio', { name: 'International Student' }).check();
    await eventually(() => form.getByText('Are you looking for financial aid help?').count(), 0);
    await page.close();
  });

  test('phone check: empty or short phone shows the seed toast bottom-left and sends nothing', async () => {
    const { page } = await openPartner();
    const sent = leadRequests(page);
    await page.getByRole('button', { name: 'Apply now' }).click();
    await fill(page, { phone: '' });
    await dialog(page).getByRole('button', { name: 'Submit' }).click();
    const message = toast(page, 'Please enter a valid phone number');
    await message.waitFor();
    const box = await message.boundingBox();
    expect(box && box.x < 40 && box.y + box.height > 900 - 120).toBe(true);
    await dialog(page).getByLabel('Phone *').fill('123');
    await dialog(page).getByRole('button', { name: 'Submit' }).click();
    await eventually(() => toast(page, 'Please enter a valid phone number').count(), 2);
    expect(sent).toEqual([]);
    await eventually(() => dialog(page).getByLabel('First Name *').inputValue(), 'Ada');
    await page.close();
  });

  test('a server rejection shows the server message in a toast and keeps what was typed', async () => {
    const { page } = await openPartner();
    await page.getByRole('button', { name: 'Apply now' }).click();
    await fill(page, { email: 'not-an-email' });
    await dialog(page).getByRole('button', { name: 'Submit' }).click();
    await toast(page, 'Please enter a valid email address.').waitFor();
    await eventually(() => dialog(page).getByLabel('Email *').inputValue(), 'not-an-email');
    await eventually(() => dialog(page).getByLabel('First Name *').inputValue(), 'Ada');
    await eventually(() => dialog(page).getByRole('button', { name: 'Submit' }).isEnabled(), true);
    await page.close();
  });

  test.each([
    ['?gclid=g-123&utm_source=google&utm_medium=cpc', 3, 'gclid'],
    ['?fbclid=f-123', 4, 'fbclid'],
    ['?fbclid=f-1&gclid=g-1', 3, 'both'],
  ])('landing on %s gives source %i', async (query, source, label) => {
    const email = `source-${label}@example.com`;
    const { page } = await openPartner(query);
    // Attribution outlives the landing URL: it is kept in sessionStorage for the visit.
    await page.evaluate(() => history.replaceState(null, '', '/somewhere-else'));
    await page.getByRole('button', { name: 'Apply now' }).click();
    await fill(page, { email });
    await dialog(page).getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(`${server.url}/thank-you`);
    const [row] = await leadsByEmail(email);
    expect(row).toMatchObject({ source, landing_page: `${partner.url}/${query}` });
    if (label === 'gclid') expect(row).toMatchObject({ utm_source: 'google', utm_medium: 'cpc' });
    await page.close();
  });

  test('calls queued by the stub before the script loaded run in order', async () => {
    const page = await browser.newPage();
    await page.goto(`${partner.url}/queued`);
    const form = dialog(page);
    await eventually(() => form.getByLabel('Course Type').inputValue(), '2');
    await eventually(() => form.getByLabel('Course Type').isDisabled(), true);
    await fill(page, { email: 'queued@example.com' });
    await form.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(`${partner.url}/queued-done`);
    expect(await leadsByEmail('queued@example.com')).toEqual([expect.objectContaining({ course_type: 2 })]);
    await page.close();
  });

  test('the script included three times mounts one widget and one API', async () => {
    const page = await browser.newPage();
    const errors = trackPageErrors(page);
    await page.goto(`${partner.url}/twice`);
    await page.waitForFunction(() => typeof (window.CollegeInquiry as { version?: string } | undefined)?.version === 'string');
    await page.waitForLoadState('load');
    expect(await page.locator(WIDGET_HOST).count()).toBe(1);
    await page.evaluate(() => window.CollegeInquiry?.open?.());
    await eventually(() => page.getByRole('dialog').count(), 1);
    expect(errors).toEqual([]);
    await page.close();
  });

  test('the partner page’s hostile CSS does not reach the form (computed styles)', async () => {
    const { page } = await openPartner();
    await page.getByRole('button', { name: 'Apply now' }).click();
    const form = dialog(page);
    await eventually(() => form.isVisible(), true); // despite [role=dialog]{display:none!important} on the page
    const input = await form.getByLabel('First Name *').evaluate((el) => {
      const s = getComputedStyle(el);
      return { border: s.borderTopWidth, background: s.backgroundColor, fontSize: s.fontSize, boxSizing: s.boxSizing };
    });
    expect(input).toEqual({ border: '1px', background: 'rgb(255, 255, 255)', fontSize: '16px', boxSizing: 'border-box' });
    const label = await form.getByText('First Name *', { exact: true }).evaluate((el) => {
      const s = getComputedStyle(el);
      return { color: s.color, letterSpacing: s.letterSpacing };
    });
    expect(label).toEqual({ color: 'rgb(31, 41, 55)', letterSpacing: 'normal' });
    const submit = await form.getByRole('button', { name: 'Submit' }).evaluate((el) => getComputedStyle(el).textTransform);
    expect(submit).toBe('none');
    // And the widget's own CSS does not leak out onto the page's inputs.
    const pageInput = await page.getByPlaceholder('you@example.com').evaluate((el) => getComputedStyle(el).borderTopWidth);
    expect(pageInput).toBe('5px');
    await page.close();
  });

  test('keyboard only: open, fill, submit', async () => {
    const { page } = await openPartner();
    await page.getByRole('button', { name: 'Apply now' }).focus();
    await page.keyboard.press('Enter');
    await dialog(page).waitFor();
    await page.keyboard.type('Grace');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Hopper');
    await page.keyboard.press('Tab'); // the phone's country selector
    await page.keyboard.press('Tab');
    await page.keyboard.type(PHONE_NATIONAL);
    await page.keyboard.press('Tab');
    await page.keyboard.type('keyboard@example.com');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.url}/thank-you`);
    expect(await leadsByEmail('keyboard@example.com')).toEqual([expect.objectContaining({ first_name: 'Grace', last_name: 'Hopper', phone: PHONE_E164 })]);
    await page.close();
  });

  test('focus: moves in, is trapped, Escape closes and resets, focus returns to the opener', async () => {
    const { page } = await openPartner();
    await page.getByRole('button', { name: 'Apply now' }).click();
    const form = dialog(page);
    await eventually(() => isFocused(form.getByLabel('First Name *')), true);
    await page.keyboard.press('Shift+Tab');
    await eventually(() => isFocused(form.getByRole('button', { name: 'Submit' })), true);
    await page.keyboard.press('Tab');
    await eventually(() => isFocused(form.getByLabel('First Name *')), true);
    await page.keyboard.type('Typed');
    await form.getByRole('radio', { name: 'International Student' }).check();
    await page.keyboard.press('Escape');
    await eventually(() => page.getByRole('dialog').count(), 0);
    await eventually(() => page.evaluate(() => document.activeElement?.id), 'apply');
    await page.getByRole('button', { name: 'Apply now' }).click();
    await eventually(() => form.getByLabel('First Name *').inputValue(), '');
    await eventually(() => form.getByRole('radio', { name: 'Local Student' }).isChecked(), true);
    await eventually(() => form.getByRole('radio', { name: 'No' }).isChecked(), true);
    await form.getByRole('button', { name: 'Close' }).click();
    await eventually(() => page.getByRole('dialog').count(), 0);
    await page.close();
  });

  test('declarative opener: a data-college-inquiry link opens the form with its presets', async () => {
    const { page } = await openPartner();
    await page.getByRole('link', { name: 'Full-time programs' }).click();
    await eventually(() => dialog(page).getByLabel('Course Type').inputValue(), '1');
    await eventually(() => dialog(page).getByLabel('Course Type').isDisabled(), true);
    expect(new URL(page.url()).hash).toBe('');
    await page.close();
  });

  test('the country list works inside the shadow root (search, pick, dial code)', async () => {
    const { page } = await openPartner();
    await page.getByRole('button', { name: 'Apply now' }).click();
    const form = dialog(page);
    await form.locator('.iti__selected-country').click();
    const search = form.locator('.iti__search-input');
    await search.fill('United Kingdom');
    // The list sits below the input, inside the dialog, with its search box and items visible.
    // (The list filters and lays out asynchronously: wait for the match, then for its final box.)
    await form.locator('.iti__country[id$="__item-gb"]').waitFor();
    const listBelowInput = async () => {
      const [input, list] = await Promise.all([form.getByLabel('Phone *').boundingBox(), form.locator('.iti__country-list').boundingBox()]);
      return Boolean(list && input && list.y > input.y && list.height > 40);
    };
    await eventually(listBelowInput, true);
    await page.screenshot({ path: '/tmp/shots/widget-country-list.png' });
    await form.locator('.iti__country[id$="__item-gb"]').click();
    await eventually(() => form.locator('.iti__selected-dial-code').textContent(), '+44');
    await page.close();
  });

  test('axe-core finds no violations in the open form; usable at 360 px (screenshot)', async () => {
    const { page } = await openPartner('', { width: 360, height: 740 });
    await page.getByRole('button', { name: 'Apply now' }).click();
    await dialog(page).waitFor();
    const violations = await axeViolations(page, WIDGET_HOST);
    expect(describeViolations(violations)).toEqual([]);
    // The dialog fits the 360 px screen: inside the viewport, nothing in it scrolls sideways.
    const fit = await dialog(page).evaluate((el) => {
      const box = el.getBoundingClientRect();
      const overlay = el.parentElement as HTMLElement;
      return { inside: box.left >= 0 && box.right <= window.innerWidth, noSideScroll: overlay.scrollWidth <= overlay.clientWidth && el.scrollWidth <= el.clientWidth };
    });
    expect(fit).toEqual({ inside: true, noSideScroll: true });
    await page.screenshot({ path: '/tmp/shots/widget-open-360.png' });
    await dialog(page).getByRole('button', { name: 'Submit' }).click();
    await toast(page, 'Please enter a valid phone number').waitFor();
    await page.screenshot({ path: '/tmp/shots/widget-toast-360.png' });
    await page.close();
  });

  test('on the college site itself, success navigation is client-side (no reload)', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/contact`);
    await page.waitForFunction(() => typeof (window.CollegeInquiry as { version?: string } | undefined)?.version === 'string', null, { timeout: 5000 }).catch(async () => {
      await page.addScriptTag({ url: `${server.url}/widget/college-inquiry.js` });
    });
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
      window.CollegeInquiry?.open?.();
    });
    await fill(page, { email: 'same-origin@example.com' });
    await dialog(page).getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(`${server.url}/thank-you`);
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await page.close();
  });
});
