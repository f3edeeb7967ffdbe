/**
 * The widget suites' shared fixture: the real server, a partner page on a second origin that
 * embeds the widget (widget/demo/partner.html plus a few special pages), Chromium, and the helpers
 * that fill and read the form. Each test file calls setUpWidgetSuite() inside its describe; the
 * set-up is the shared useBrowserApp() fixture, and the exported bindings are live (ES modules), so
 * tests and the helpers here read `server`, `partner` and `browser` directly.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { trackPageErrors } from '../support/browser';
import { useBrowserApp } from '../support/browser-app';
import type { PartnerOrigin } from '../support/partner-origin';
import type { TestServer } from '../support/server';

export const PHONE_NATIONAL = '4165550123';
export const PHONE_E164 = '+14165550123';
export const WIDGET_HOST = 'college-inquiry-widget';
const STUB =
  "<script>window.CollegeInquiry=window.CollegeInquiry||{q:[],open:function(){this.q.push(['open',[].slice.call(arguments)])},close:function(){this.q.push(['close',[]])}};</script>";

export let server: TestServer;
export let partner: PartnerOrigin;
export let browser: Browser;
export let courses: { _id: string; course_name: string; course_type: number }[] = [];

/** The demo partner page plus two special pages, given the widget's origin. */
function partnerPages(widgetOrigin: string): Record<string, string> {
  const script = `<script src="${widgetOrigin}/widget/college-inquiry.js" async></script>`;
  const shell = (head: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner</title>${head}</head><body><main><h1>Partner</h1><button id="b">Other</button></main></body></html>`;
  return {
    // A page that queues calls before the script arrives.
    '/queued': shell(
      `${STUB}<script>CollegeInquiry.open(null, 2); CollegeInquiry.close(); CollegeInquiry.open(null, 2, '/queued-done');</script>${script}`,
    ),
    // A careless page that includes the widget twice.
    '/twice': shell(`${script}${script}<script src="${widgetOrigin}/widget/college-inquiry.js"></script>`),
  };
}

/** The shared fixture (useBrowserApp) with a partner origin; its parts are then copied into the live bindings above. */
export function setUpWidgetSuite(): void {
  const app = useBrowserApp({ env: { LEADS_RATE_LIMIT: '1000' }, partner: partnerPages });
  beforeAll(async () => {
    ({ server, browser, partner } = app);
    const answer = await fetch(`${server.url}/api/courses`);
    courses = (await answer.json()) as { _id: string; course_name: string; course_type: number }[];
  });
}

/** Whether the element has focus in its own tree (a shadow root reports its own activeElement). */
export const isFocused = (locator: Locator) => locator.evaluate((el) => (el.getRootNode() as Document | ShadowRoot).activeElement === el);

export async function openPartner(query = '', viewport = { width: 1280, height: 900 }): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport });
  const errors = trackPageErrors(page);
  await page.goto(`${partner.url}/${query}`);
  await page.waitForFunction(() => typeof (window.CollegeInquiry as { version?: string } | undefined)?.version === 'string');
  return { page, errors };
}

export const dialog = (page: Page) => page.getByRole('dialog', { name: 'Student Inquiry Form' });

export async function fill(page: Page, values: { first?: string; last?: string; email?: string; phone?: string } = {}) {
  const form = dialog(page);
  await form.getByLabel('First Name *').fill(values.first ?? 'Ada');
  await form.getByLabel('Last Name *').fill(values.last ?? 'Lovelace');
  await form.getByLabel('Email *').fill(values.email ?? 'ada@example.com');
  await form.getByLabel('Phone *').fill(values.phone ?? PHONE_NATIONAL);
}

export async function leadsByEmail(email: string) {
  const { rows } = await server.db.pool.query(
    `SELECT first_name, last_name, email, phone, lead_type, address, source, course_id, course_type, location, financial_aid,
            utm_source, utm_medium, utm_campaign, utm_term, utm_content, landing_page, referrer
       FROM leads WHERE email = $1 ORDER BY created_at`,
    [email],
  );
  return rows;
}

export function leadRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/leads')) seen.push(request.postData() ?? '');
  });
  return seen;
}

export const toast = (page: Page, text: string) => page.locator(WIDGET_HOST).getByRole('alert').filter({ hasText: text });
