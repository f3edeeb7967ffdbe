/**
 * @jest-environment node
 *
 * Registering for an event through the widget (issue 24), on partner pages served from a second
 * origin, against the real server: events are created through the CRM API as the admin.
 * - CollegeInquiry.register(id): the dialog shows the event (title, Toronto date and time,
 *   place), the phone rule and the server's field messages under their fields, then stores the
 *   registration (read from the database) and shows the answer's message in the dialog and as a
 *   toast; the 'open' and 'submit' events carry kind 'registration' and no personal data.
 * - The registration form is a chunk of its own (issue 31): the inquiry form never fetches it,
 *   register() does; a failed download gives the loader's warning and the next register() loads it.
 * - A full event: "Join the waitlist" and the waitlist message with the position.
 * - A cancelled event, an unknown id: a message instead of the form; an event closed while the
 *   form was open: the server's 409 message, the form disabled.
 * - The data-college-event opener: focus trapped in the dialog, Escape closes, focus returns to
 *   the opener, page scroll locked while open; axe finds nothing in the dialog.
 * - A 390 px phone on a right-to-left page (the dialog fits and stays left-to-right), an event
 *   for every program (the inquiry form's course list with 'Need advise with program choice'),
 *   and a register() call from inside a Bootstrap 5 modal.
 * Screenshots: /tmp/shots/widget-register-*.png.
 */
import type { Page } from 'playwright-core';
import { NEED_ADVICE_COURSE_ID } from '../../src/contract';
import type { CrmEvent, EventInput } from '../../src/events-contract';
import { axeViolations, describeBrowser, describeViolations, eventually, trackPageErrors } from '../support/browser';
import { useBrowserApp } from '../support/browser-app';
import { createEvent } from '../support/events';
import { signInThroughApi } from '../support/staff';

const SHOTS = '/tmp/shots';
const HOST = 'college-inquiry-widget';
const PHONE = '4165550123';
const NEED_ADVICE = 'Need advise with program choice';

type Course = { _id: string; course_name: string };

/** The partner pages, given the widget's origin: a plain page, a right-to-left one and one with a Bootstrap modal. */
function pages(origin: string): Record<string, string> {
  const script = `<script src="${origin}/widget/college-inquiry.js" async></script>`;
  const stub = `<script>(function(w,c){c=w.CollegeInquiry=w.CollegeInquiry||{q:[]};['open','register','close','on','off'].forEach(function(m){c[m]=c[m]||function(){c.q.push([m,[].slice.call(arguments)])}})})(window);</script>`;
  const tall = Array.from({ length: 40 }, (_, i) => `<p>Paragraph ${i + 1}</p>`).join('');
  const head = (title: string) =>
    `<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>`;
  return {
    '/events': `<!doctype html><html lang="en"><head>${head('Partner events')}${stub}
      <script>window.seen=[];['open','close','submit','error'].forEach(function(n){CollegeInquiry.on(n,function(d){window.seen.push([n,d])})});</script>${script}</head>
      <body><main><h1>Open houses</h1><button type="button" id="before">Before</button>
      <a href="/fallback" id="opener" data-college-event="EVENT_ID">Register for the open house</a>${tall}</main></body></html>`,
    '/rtl': `<!doctype html><html lang="ar" dir="rtl"><head>${head('شريك')}<style>body{margin:0;font:22px/1.8 serif}</style>${script}</head>
      <body><main><h1>ابدأ مسيرتك</h1><button type="button" id="go">سجل</button></main></body></html>`,
    '/bootstrap': `<!doctype html><html lang="en"><head>${head('Bootstrap partner')}<link rel="stylesheet" href="/vendor/bootstrap.min.css">${script}</head><body>
      <main class="container py-4"><h1>Events</h1><button type="button" class="btn btn-primary" data-bs-toggle="modal" data-bs-target="#offer">See the events</button></main>
      <div class="modal fade" id="offer" tabindex="-1" aria-labelledby="offer-title" aria-hidden="true"><div class="modal-dialog"><div class="modal-content">
        <div class="modal-header"><h2 class="modal-title fs-5" id="offer-title">Open house</h2><button type="button" class="btn-close" data-bs-dismiss="modal" aria-label="Dismiss"></button></div>
        <div class="modal-body"><label for="promo" class="form-label">Promo code</label><input id="promo" class="form-control"></div>
        <div class="modal-footer"><button type="button" class="btn btn-success" id="register-here">Register from the modal</button></div>
      </div></div></div><script src="/vendor/bootstrap.bundle.min.js"></script></body></html>`,
  };
}

describeBrowser('event registration through the widget on partner pages', () => {
  const app = useBrowserApp({ env: { LEADS_RATE_LIMIT: '1000' }, screenshots: SHOTS });
  let token: string;
  let courses: Course[] = [];
  let partner: { url: string; close(): Promise<void> };

  const event = async (overrides: Partial<EventInput> = {}): Promise<CrmEvent> => createEvent(app.server, token, overrides);
  const crm = (method: string, path: string, body?: unknown) =>
    fetch(`${app.url}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
  /** The registrations stored for an e-mail (read from the database). */
  const registrations = async (email: string) =>
    (
      await app.server.db.pool.query<{ status: string; course_id: string | null; phone: string; event_id: string }>(
        `SELECT status, course_id, phone, event_id::text AS event_id FROM event_registrations WHERE email = $1`,
        [email],
      )
    ).rows;
  /** The answer's message in the dialog (not its copy in the toast). */
  const said = (page: Page, text: string) => dialog(page).locator('p', { hasText: text });

  beforeAll(async () => {
    token = (await signInThroughApi(app.server)).token;
    courses = (await (await fetch(`${app.url}/api/courses`)).json()) as Course[];
    const { startPartnerOrigin } = await import('../support/partner-origin');
    partner = await startPartnerOrigin(app.url, pages(app.url), {
      '/vendor/bootstrap.min.css': 'node_modules/bootstrap/dist/css/bootstrap.min.css',
      '/vendor/bootstrap.bundle.min.js': 'node_modules/bootstrap/dist/js/bootstrap.bundle.min.js',
    });
  });
  afterAll(() => partner?.close());

  /** `watch` sees the page before it loads (to record its requests from the first). */
  async function open(
    path: string,
    viewport = { width: 1280, height: 900 },
    watch: (page: Page) => void = () => undefined,
  ): Promise<{ page: Page; errors: string[] }> {
    const page = await app.browser.newPage({ viewport });
    const errors = trackPageErrors(page);
    watch(page);
    await page.goto(`${partner.url}${path}`);
    await page.waitForFunction(() => typeof (window.CollegeInquiry as { version?: string } | undefined)?.version === 'string');
    return { page, errors };
  }
  const register = (page: Page, id: string, redirect?: string) =>
    page.evaluate(
      ([eventId, to]) => (window.CollegeInquiry as { register(id: string, r?: string): void }).register(eventId!, to),
      [id, redirect],
    );
  const dialog = (page: Page) => page.getByRole('dialog', { name: 'Event Registration' });
  const activeId = (page: Page) =>
    page.evaluate(() => document.querySelector('college-inquiry-widget')?.shadowRoot?.activeElement?.id ?? null);
  const fill = async (page: Page, email: string, phone = PHONE) => {
    const form = dialog(page);
    await form.getByLabel('First Name *').fill('Amelia');
    await form.getByLabel('Last Name *').fill('Okafor');
    await form.getByLabel('Email *').fill(email);
    await form.getByLabel('Phone *').fill(phone);
  };
  const noViolations = async (page: Page) => expect(describeViolations(await axeViolations(page, HOST))).toEqual([]);

  test('register(id) from another origin: the event, the phone rule, field messages, then a stored registration and its message', async () => {
    const course = courses[0]!;
    const session = await event({
      title: 'Cloud careers information session',
      course_ids: [course._id],
      place: { kind: 'campus', room: 'Room 204' },
    });
    const { page, errors } = await open('/events');
    await register(page, session.id);
    const form = dialog(page);
    // The form and the event arrive after register() returns (a lazy chunk, then the event's call).
    await form.getByRole('heading', { name: 'Cloud careers information session' }).waitFor();
    // Toronto's wall clock whatever the browser's zone, and said to be Toronto time.
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', weekday: 'long', month: 'long', day: 'numeric' }).format(
      new Date(session.starts_at),
    );
    await expect(form.getByText(day).textContent()).resolves.toContain('(Toronto time)');
    await expect(form.getByText(/Room 204, .+/).isVisible()).resolves.toBe(true);
    // The event's only program is preselected; focus starts in the first field.
    await expect(form.getByLabel('Program of interest').inputValue()).resolves.toBe(course._id);
    await eventually(() => activeId(page), 'ci-first_name');
    await noViolations(page);
    await page.screenshot({ path: `${SHOTS}/widget-register-1280.png` });

    // The inquiry form's phone rule: a toast and the field's message, nothing sent.
    const posts: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && r.url().includes('/registrations') && posts.push(r.postData() ?? ''));
    await form.getByRole('button', { name: 'Register' }).click();
    await expect(form.locator('#ci-phone-error').textContent()).resolves.toBe('Please enter a valid phone number');
    expect(posts).toEqual([]);
    await eventually(() => activeId(page), 'ci-phone');
    // The server's messages under their fields (the same rules as POST /api/leads).
    await fill(page, 'not-an-email');
    await form.getByLabel('First Name *').fill('');
    await form.getByRole('button', { name: 'Register' }).click();
    await form.locator('#ci-email-error').waitFor();
    await expect(form.getByLabel('Email *').getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(form.getByLabel('First Name *').getAttribute('aria-invalid')).resolves.toBe('true');
    await eventually(() => activeId(page), 'ci-first_name');
    await page.screenshot({ path: `${SHOTS}/widget-register-errors-1280.png` });

    const email = `widget.register.${Date.now()}@example.com`;
    await fill(page, email);
    await form.getByRole('button', { name: 'Register' }).click();
    const confirmation = `You are registered. A confirmation is on its way to ${email}.`;
    await said(page, confirmation).waitFor();
    await page.locator(HOST).getByRole('alert').filter({ hasText: confirmation }).waitFor();
    await expect(form.getByLabel('First Name *').count()).resolves.toBe(0);
    expect(await registrations(email)).toEqual([
      { status: 'registered', course_id: course._id, phone: '+14165550123', event_id: session.id },
    ]);
    const seen = await page.evaluate(() => (window as unknown as { seen: unknown[] }).seen);
    const detail = { kind: 'registration', event: session.id, courseType: null, source: 1 };
    expect(seen).toEqual([
      ['open', { ...detail, course: null }],
      ['error', { ...detail, course: course._id, reason: 'invalid' }],
      ['submit', { ...detail, course: course._id }],
    ]);
    await noViolations(page);
    await page.screenshot({ path: `${SHOTS}/widget-register-done-1280.png` });
    expect(errors.filter((e) => !e.includes('400 (Bad Request)'))).toEqual([]);
    await page.close();
  });

  test('the registration form is a chunk of its own: the inquiry form does not fetch it, register() does; a failed download warns, the next register() loads it', async () => {
    const session = await event({ title: 'Chunked open house' });
    const requested: string[] = [];
    const { page } = await open('/events', undefined, (tab) =>
      tab.on('request', (request) => requested.push(new URL(request.url()).pathname + new URL(request.url()).search)),
    );
    const warnings: string[] = [];
    page.on('console', (message) => void (message.type() === 'warning' && warnings.push(message.text())));
    const chunk = (paths: string[]) => paths.filter((p) => /^\/widget\/college-inquiry-registration-[\w-]+\.js$/.test(p));

    await page.evaluate(() => (window.CollegeInquiry as { open(): void }).open());
    const inquiry = page.getByRole('dialog', { name: 'Student Inquiry Form' });
    await inquiry.getByLabel('First Name *').waitFor();
    await inquiry.getByLabel('Course', { exact: true }).locator('option').nth(2).waitFor({ state: 'attached' });
    expect(chunk(requested)).toEqual([]);
    await page.keyboard.press('Escape');

    // The first download fails: the loader's message, no dialog; the next register() fetches it again.
    let fail = true;
    await page.route(/college-inquiry-registration-/, (route) => (fail ? route.abort() : route.continue()));
    await register(page, session.id);
    await eventually(() => Promise.resolve(warnings.some((w) => w.startsWith('[CollegeInquiry] the form could not be loaded:'))), true);
    expect(await dialog(page).count()).toBe(0);
    fail = false;
    await register(page, session.id);
    await dialog(page).getByRole('heading', { name: 'Chunked open house' }).waitFor();
    await dialog(page).getByLabel('First Name *').waitFor();
    expect(chunk(requested)).toHaveLength(2);
    // The chunk imports the form code by the loader's own URL: one copy of it (and of Preact).
    expect(requested.filter((p) => p.startsWith('/widget/college-inquiry-form.js'))).toEqual([expect.stringMatching(/\?v=/)]);
    await page.close();
  });

  test('a full event: the waitlist, and its message with the position', async () => {
    const session = await event({ capacity: 1 });
    await fetch(`${app.url}/api/events/${session.id}/registrations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        first_name: 'Seat',
        last_name: 'Holder',
        email: `holder.${Date.now()}@example.com`,
        phone: '+14165550199',
        course_id: '',
      }),
    });
    const { page } = await open('/events');
    await register(page, session.id);
    const form = dialog(page);
    await form.getByText('This event is full. Register to join the waitlist').waitFor();
    const email = `waitlist.${Date.now()}@example.com`;
    await fill(page, email);
    await form.getByRole('button', { name: 'Join the waitlist' }).click();
    await said(page, 'you are on the waitlist (position 1)').waitFor();
    // Position 1: the only one waiting, behind the one seat taken.
    expect(await registrations(email)).toMatchObject([{ status: 'waitlisted', event_id: session.id }]);
    await page.close();
  });

  test('a cancelled event and an unknown id say so instead of the form; closed meanwhile: the 409 message, the form disabled', async () => {
    const cancelled = await event({ title: 'Cancelled tour' });
    expect((await crm('POST', `/crm/events/${cancelled.id}/cancel`)).status).toBe(200);
    const { page } = await open('/events');
    await register(page, cancelled.id);
    await dialog(page).getByText('This event was cancelled, so registration is not possible.').waitFor();
    await expect(dialog(page).getByRole('heading', { name: 'Cancelled tour' }).isVisible()).resolves.toBe(true);
    await expect(dialog(page).getByLabel('First Name *').count()).resolves.toBe(0);

    await register(page, '987654321');
    await dialog(page).getByText('We could not find this event.').waitFor();
    await expect(dialog(page).getByRole('link', { name: 'See upcoming events' }).getAttribute('href')).resolves.toBe(`${app.url}/events`);
    await page.screenshot({ path: `${SHOTS}/widget-register-missing-1280.png` });

    const closing = await event({ title: 'Closing soon' });
    await register(page, closing.id);
    await dialog(page).getByLabel('First Name *').waitFor();
    const { version, id: _id, slug: _slug, cancelled_at: _c, counts: _counts, ...input } = closing;
    expect((await crm('PUT', `/crm/events/${closing.id}`, { ...input, registration_open: false, version })).status).toBe(200);
    await fill(page, `late.${Date.now()}@example.com`);
    await dialog(page).getByRole('button', { name: 'Register' }).click();
    const refusal = dialog(page).getByRole('alert');
    await refusal.waitFor();
    await expect(refusal.textContent()).resolves.toMatch(/closed/i);
    await expect(dialog(page).getByLabel('First Name *').isDisabled()).resolves.toBe(true);
    await expect(dialog(page).getByRole('button', { name: 'Register' }).isDisabled()).resolves.toBe(true);
    await page.close();
  });

  test('the data-college-event opener: focus trapped, Escape closes, focus back on the opener, page scroll locked', async () => {
    const session = await event({ title: 'Open house' });
    const { page } = await open('/events');
    await page.evaluate((id) => document.getElementById('opener')?.setAttribute('data-college-event', id), session.id);
    await page.locator('#opener').focus();
    const scrolled = await page.evaluate(() => window.scrollY);
    await page.keyboard.press('Enter');
    const form = dialog(page);
    await form.getByRole('heading', { name: 'Open house' }).waitFor();
    expect(page.url()).toBe(`${partner.url}/events`);
    await eventually(() => activeId(page), 'ci-first_name');
    await expect(page.evaluate(() => getComputedStyle(document.documentElement).overflow)).resolves.toBe('hidden');
    // Shift+Tab from the first field goes round to the last control, inside the dialog.
    await page.keyboard.press('Shift+Tab');
    await expect(page.evaluate(() => document.activeElement?.tagName.toLowerCase())).resolves.toBe(HOST);
    await expect(
      form.getByRole('button', { name: 'Register' }).evaluate((el) => (el.getRootNode() as ShadowRoot).activeElement === el),
    ).resolves.toBe(true);
    await noViolations(page);
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('opener');
    await expect(page.evaluate(() => window.scrollY)).resolves.toBe(scrolled);
    const seen = await page.evaluate(() =>
      (window as unknown as { seen: [string, { kind?: string }][] }).seen.map(([name, d]) => `${name}:${d.kind}`),
    );
    expect(seen).toEqual(['open:registration', 'close:registration']);
    await page.close();
  });

  test('390 px on a right-to-left page, an event for every program: the inquiry course list, fits, left-to-right', async () => {
    const session = await event({
      title: 'Webinar: choosing a program',
      kind: 'webinar',
      place: { kind: 'online', url: 'https://meet.example/x' },
    });
    const { page } = await open('/rtl', { width: 390, height: 844 });
    await register(page, session.id);
    const form = dialog(page);
    await form.getByText('Online: the link comes by e-mail').waitFor();
    await expect(form.getByText('meet.example').count()).resolves.toBe(0);
    const program = form.getByLabel('Program of interest');
    await eventually(async () => (await program.locator('option').allTextContents()).includes(NEED_ADVICE), true);
    const box = await form.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await expect(form.evaluate((el) => getComputedStyle(el).direction)).resolves.toBe('ltr');
    await noViolations(page);
    await page.screenshot({ path: `${SHOTS}/widget-register-390.png` });
    const email = `phone.${Date.now()}@example.com`;
    await fill(page, email);
    await program.selectOption({ label: NEED_ADVICE });
    await form.getByRole('button', { name: 'Register' }).click();
    await said(page, 'You are registered.').waitFor();
    await page.screenshot({ path: `${SHOTS}/widget-register-done-390.png` });
    expect(await registrations(email)).toMatchObject([{ status: 'registered', course_id: NEED_ADVICE_COURSE_ID }]);
    await page.close();
  });

  test('register() from inside a Bootstrap 5 modal: the fields take focus and typing; a redirect after success', async () => {
    const session = await event({ title: 'Campus tour' });
    const { page } = await open('/bootstrap');
    await page.evaluate((id) => {
      document
        .getElementById('register-here')
        ?.addEventListener('click', () => (window.CollegeInquiry as { register(i: string, r: string): void }).register(id, '/registered'));
    }, session.id);
    await page.getByRole('button', { name: 'See the events' }).click();
    await page.getByRole('button', { name: 'Register from the modal' }).click();
    const form = dialog(page);
    await form.getByLabel('First Name *').waitFor();
    const email = `bootstrap.${Date.now()}@example.com`;
    await fill(page, email);
    await expect(form.getByLabel('Email *').inputValue()).resolves.toBe(email);
    await form.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL(`${partner.url}/registered`);
    expect(await registrations(email)).toMatchObject([{ status: 'registered' }]);
    await page.close();
  });
});
