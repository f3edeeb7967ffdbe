/** @jest-environment node */
/**
 * The site's events pages in real Chromium (issue 24), on events an editor created through the
 * CRM API: the Events page lists them (server-rendered, filters as a GET form, with and without
 * JavaScript), an event's page carries a parseable schema.org Event and the widget's opener, a
 * program's page and the calendar show the next events, the cancel link's page cancels (with and
 * without JavaScript), an unknown event is the 404 page; axe on each, screenshots at 1280 and 390.
 */
import type { Page } from 'playwright-core';
import { crumbLabel } from '../../src/breadcrumb';
import type { CrmEvent } from '../../src/events-contract';
import { axeViolations, describeBrowser, describeViolations, eventually } from '../support/browser';
import { useBrowserApp } from '../support/browser-app';
import { signInThroughApi } from '../support/staff';
import { cataloguePaths, pageErrorsOnly, type CataloguePaths } from './site-support';
import {
  cancelEvent,
  cancelPathIn,
  hasCancelLink,
  createEvent,
  eventInput,
  jsonLdOf,
  register,
  registrant,
  torontoDaysAhead,
} from './site-events-support';

const SHOTS = '/tmp/shots';
const WIDTHS = [1280, 390] as const;

describeBrowser('college site: events pages', () => {
  const app = useBrowserApp({ smtp: true, screenshots: SHOTS });
  let catalogue: CataloguePaths;
  let session: CrmEvent; // campus, one program, 2 seats
  let webinar: CrmEvent; // online, another program, full
  let openHouse: CrmEvent; // campus, every program
  let cancelled: CrmEvent;
  let token: string;

  beforeAll(async () => {
    catalogue = await cataloguePaths(app.url);
    ({ token } = await signInThroughApi(app.server));
    session = await createEvent(
      app.url,
      token,
      eventInput({ title: 'Network Specialist information session', capacity: 2, course_ids: [catalogue.vocational._id] }),
    );
    webinar = await createEvent(
      app.url,
      token,
      eventInput({
        title: 'Part-time courses webinar',
        kind: 'webinar',
        place: { kind: 'online', url: 'https://meet.example.com/secret-room' },
        starts_at: torontoDaysAhead(5, 12),
        ends_at: torontoDaysAhead(5, 13),
        capacity: 1,
        course_ids: [catalogue.partTime._id],
      }),
    );
    openHouse = await createEvent(
      app.url,
      token,
      eventInput({ title: 'Winter open house', kind: 'open_house', starts_at: torontoDaysAhead(8, 10), ends_at: torontoDaysAhead(8, 14) }),
    );
    cancelled = await createEvent(app.url, token, eventInput({ title: 'Cancelled campus tour', kind: 'campus_tour' }));
    await cancelEvent(app.url, token, cancelled.id);
    await register(app.url, webinar.id, registrant(1));
  });

  async function noAxeViolations(page: Page, name: string) {
    const violations = await axeViolations(page);
    expect({ name, violations: describeViolations(violations) }).toEqual({ name, violations: [] });
  }

  async function shoot(page: Page, name: string) {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.screenshot({ path: `${SHOTS}/events-${name}-${width}.png`, fullPage: true });
    }
  }

  const titlesOn = (page: Page) => page.locator('.event-card .card-title').allTextContents();

  test('without JavaScript, the Events page lists upcoming events and its GET filters work', async () => {
    const context = await app.browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${app.url}/`);
    // The navbar stays as specified (seed §2): the footer's quick links lead to the events.
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events' }).count()).toBe(0);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Events' }).click();
    await page.getByRole('heading', { level: 1, name: 'Events' }).waitFor();
    expect(await page.title()).toBe('Events - Northbridge College of Technology');
    expect(await titlesOn(page)).toEqual(['Network Specialist information session', 'Part-time courses webinar', 'Winter open house']);
    const webinarCard = page.locator('.event-card', { hasText: 'Part-time courses webinar' });
    expect(await webinarCard.textContent()).toMatch(/Webinar.*When.*12:00 p\.m\. to 1:00 p\.m\..*Where\s*Online.*Full — join the waitlist/);
    const sessionCard = page.locator('.event-card', { hasText: 'Network Specialist information session' });
    expect(await sessionCard.textContent()).toMatch(
      /Information session.*6:00 p\.m\. to 7:30 p\.m\..*Room 701, 2 Bloor Street West.*2 seats left/,
    );
    expect(await page.content()).not.toContain('secret-room');

    await page.getByLabel('Kind of event').selectOption({ label: 'Webinar' });
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/\/events\?program=&kind=webinar$/);
    expect(await titlesOn(page)).toEqual(['Part-time courses webinar']);

    await page.getByLabel('Kind of event').selectOption({ label: 'All kinds' });
    await page.getByLabel('Program', { exact: true }).selectOption({ label: catalogue.vocational.course_name });
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(new RegExp(`program=${catalogue.vocational._id}`));
    // The open house covers every program, so it stays.
    expect(await titlesOn(page)).toEqual(['Network Specialist information session', 'Winter open house']);
    await page.getByRole('link', { name: 'Network Specialist information session' }).click();
    await page.getByRole('heading', { level: 1, name: 'Network Specialist information session' }).waitFor();
    await context.close();
  });

  test('with JavaScript, the filters apply at once; the page passes axe at both widths', async () => {
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${app.url}/events`);
    await page.getByRole('heading', { level: 1, name: 'Events' }).waitFor();
    await noAxeViolations(page, 'events');
    await shoot(page, 'list');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByLabel('Kind of event').selectOption({ label: 'Open house' });
    await page.waitForURL(/\/events\?kind=open_house$/);
    await eventually(() => titlesOn(page), ['Winter open house']);
    await page.getByLabel('Program', { exact: true }).selectOption({ label: catalogue.partTime.course_name });
    await eventually(() => titlesOn(page), ['Winter open house']);
    await page.getByLabel('Kind of event').selectOption({ label: 'All kinds' });
    await eventually(() => titlesOn(page), ['Part-time courses webinar', 'Winter open house']);
    await context.close();
  });

  test("an event's page: JSON-LD Event, breadcrumb, programs, the widget's opener, Add to calendar", async () => {
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const response = await page.goto(`${app.url}/events/${session.slug}`);
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: session.title }).waitFor();
    const event = (await jsonLdOf(page)).find((piece) => piece['@type'] === 'Event');
    expect(event).toMatchObject({
      name: session.title,
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: {
        '@type': 'Place',
        address: { '@type': 'PostalAddress', streetAddress: '2 Bloor Street West, Suite 700', addressCountry: 'CA' },
      },
      organizer: { '@type': 'CollegeOrUniversity', name: 'Northbridge College of Technology' },
      offers: { availability: 'https://schema.org/InStock', price: 0, priceCurrency: 'CAD' },
    });
    expect(String(event?.startDate)).toMatch(/^\d{4}-\d\d-\d\dT18:00:00-0[45]:00$/);
    expect(new Date(String(event?.startDate)).toISOString()).toBe(new Date(session.starts_at).toISOString());
    expect(String(event?.endDate)).toMatch(/T19:30:00-0[45]:00$/);
    const crumbs = await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem').allTextContents();
    // Built from the path's segments, as the specification says: the slug's words capitalised; the
    // slug is the title's words, so the crumb reads as the title, without a date (issue 31).
    expect(crumbs).toEqual(['Home', 'Events', crumbLabel(session.slug)]);
    expect(crumbs[2]!.toLowerCase()).toBe(session.title.toLowerCase());
    const program = page.getByRole('main').getByRole('link', { name: catalogue.vocational.course_name });
    expect(await program.getAttribute('href')).toBe(`/course/${catalogue.vocational.slug}`);
    const button = page.getByRole('button', { name: 'Register' });
    expect(await button.getAttribute('data-college-event')).toBe(session.id);
    const calendar = page.getByRole('link', { name: 'Add to calendar (.ics)' });
    const ics = await fetch(app.url + String(await calendar.getAttribute('href')));
    expect(ics.status).toBe(200);
    expect(await ics.text()).toContain('BEGIN:VEVENT');
    await noAxeViolations(page, 'event');
    await shoot(page, 'event');

    // The widget opens its registration form for this event, as on a partner page.
    await page.setViewportSize({ width: 1280, height: 900 });
    await button.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('First Name *').waitFor();
    expect(await dialog.textContent()).toContain(session.title);
    await page.screenshot({ path: `${SHOTS}/events-event-dialog-1280.png` });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await program.click();
    await page.getByRole('heading', { level: 1, name: catalogue.vocational.course_name }).waitFor();
    await context.close();
  });

  test('a full event offers the waitlist; a cancelled one no button; online is a VirtualLocation without the link', async () => {
    const context = await app.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${app.url}/events/${webinar.slug}`);
    await page.getByRole('button', { name: 'Join the waitlist' }).waitFor();
    const event = (await jsonLdOf(page)).find((piece) => piece['@type'] === 'Event');
    expect(event).toMatchObject({
      eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
      location: { '@type': 'VirtualLocation', url: `${app.url}/events/${webinar.slug}` },
      offers: { availability: 'https://schema.org/SoldOut' },
    });
    expect(await page.content()).not.toContain('secret-room');

    const answer = await page.goto(`${app.url}/events/${cancelled.slug}`);
    expect(answer?.status()).toBe(200);
    await page.getByText('This event has been cancelled.').waitFor();
    expect(await page.locator('[data-college-event]').count()).toBe(0);
    expect((await jsonLdOf(page)).find((piece) => piece['@type'] === 'Event')).toMatchObject({
      eventStatus: 'https://schema.org/EventCancelled',
    });
    await context.close();
  });

  test("a program's page and the calendar carry their next events in the HTML: no call to the events API on first view", async () => {
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    const eventCalls: string[] = [];
    context.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/events')) eventCalls.push(url.pathname + url.search);
    });
    // The first Intl formatter loads ICU's data, the largest part of the pages' blocking time (issue 31).
    await context.addInitScript(() => {
      const made = { count: 0 };
      (window as unknown as { intlFormattersMade: { count: number } }).intlFormattersMade = made;
      const counted = <T extends object>(constructor: T): T =>
        new Proxy(constructor, { construct: (target, args) => ((made.count += 1), Reflect.construct(target as never, args) as object) });
      Intl.DateTimeFormat = counted(Intl.DateTimeFormat);
      Intl.NumberFormat = counted(Intl.NumberFormat);
    });
    /** The event titles the page shows once hydrated and quiet, each one already in the server's HTML. */
    const eventsOnFirstView = async (path: string) => {
      const html = (await (await page.goto(app.url + path))?.text()) ?? '';
      await page.waitForLoadState('networkidle');
      const titles = await page.locator('.upcoming-events .card-title').allTextContents();
      expect(titles.filter((title) => !html.includes(`>${title}</a></h3>`))).toEqual([]);
      const formats = await page.evaluate(() => (window as unknown as { intlFormattersMade: { count: number } }).intlFormattersMade.count);
      expect({ path, formats }).toEqual({ path, formats: 0 });
      return titles;
    };
    expect(await eventsOnFirstView(catalogue.vocational.path)).toEqual(['Network Specialist information session', 'Winter open house']);
    const section = page.locator('.upcoming-events');
    await section.getByRole('heading', { name: 'Information sessions and open houses' }).waitFor();
    await noAxeViolations(page, 'program page');
    await section.screenshot({ path: `${SHOTS}/events-program-section-1280.png` });

    expect(await eventsOnFirstView('/calendar')).toEqual([
      'Network Specialist information session',
      'Part-time courses webinar',
      'Winter open house',
    ]);
    await page.locator('.calendar-table').first().waitFor();
    await noAxeViolations(page, 'calendar');
    await shoot(page, 'calendar');
    expect(eventCalls).toEqual([]);
    expect(pageErrorsOnly(errors)).toEqual([]);
    await context.close();
  });

  test("registering on an event's page updates its seats without a reload: the last-but-one seat, then the last", async () => {
    const tour = await createEvent(app.url, token, eventInput({ title: 'Two seats campus tour', kind: 'campus_tour', capacity: 2 }));
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${app.url}/events/${tour.slug}`);
    const details = page.getByRole('complementary', { name: 'Event details' });
    await details.getByText('2 seats left').waitFor();
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    const registerThroughWidget = async (opener: string, email: string) => {
      await details.getByRole('button', { name: opener }).click();
      const dialog = page.getByRole('dialog', { name: 'Event Registration' });
      const fields = { 'First Name *': 'Grace', 'Last Name *': 'Hopper', 'Email *': email, 'Phone *': '4165550123' };
      for (const [label, value] of Object.entries(fields)) await dialog.getByLabel(label).fill(value);
      await dialog.getByRole('button', { name: opener }).click();
      await dialog
        .getByText(/^You are registered\./)
        .first()
        .waitFor();
      await dialog.getByRole('button', { name: 'Close' }).click();
    };
    await registerThroughWidget('Register', 'seats.one@example.com');
    await details.getByText('1 seat left').waitFor();
    await registerThroughWidget('Register', 'seats.two@example.com');
    await details.getByText('Full — join the waitlist').waitFor();
    await details.getByRole('button', { name: 'Join the waitlist' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await context.close();
  });

  test("the cancel link's page shows the registration, confirms a held place and cancels it, with and without JavaScript", async () => {
    await register(app.url, session.id, registrant(2));
    await register(app.url, session.id, registrant(3));
    const waitlisted = await register(app.url, session.id, registrant(4));
    expect(waitlisted).toMatchObject({ status: 'waitlisted', position: 1 });
    const first = cancelPathIn((await app.smtp.waitForMail('grace2@example.com', 20_000, hasCancelLink)).raw);
    const fourth = cancelPathIn((await app.smtp.waitForMail('grace4@example.com', 20_000, hasCancelLink)).raw);

    const context = await app.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const response = await page.goto(app.url + fourth);
    expect(response?.headers()['cache-control']).toBe('private, no-store');
    await page.getByRole('heading', { level: 1, name: 'Your registration' }).waitFor();
    await page.getByText('You are on the waitlist, in position 1.').waitFor();
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toMatch(/noindex/);
    expect(await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem').allTextContents()).toEqual([
      'Home',
      'Events',
      'Registration',
    ]);
    // A place from an address that never confirmed is held until "Confirm my place" (issue 35).
    await page.getByText(/^Please confirm your place by .+ \(Toronto time\), or it is released\.$/).waitFor();
    await noAxeViolations(page, 'registration');
    await shoot(page, 'registration');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: 'Confirm my place' }).click();
    // While it runs the button reads "Confirming…"; once confirmed the request and its button are gone.
    await page.getByText(/^Please confirm your place by/).waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: /^Confirm/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Cancel my registration' }).click();
    await page.getByText('Your registration is cancelled.').waitFor();
    expect(await page.getByRole('button', { name: 'Cancel my registration' }).count()).toBe(0);

    const noScript = await app.browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const plain = await noScript.newPage();
    await plain.goto(app.url + first);
    await plain.getByText('You are registered for this event.').waitFor();
    await plain.getByRole('button', { name: 'Confirm my place' }).click();
    await plain.getByText('You are registered for this event.').waitFor();
    expect(await plain.getByRole('button', { name: 'Confirm my place' }).count()).toBe(0);
    await plain.getByRole('button', { name: 'Cancel my registration' }).click();
    await plain.getByText('Your registration is cancelled.').waitFor();
    const back = new URL(plain.url());
    expect(back.pathname + back.search).toBe(first);
    await noScript.close();
    await context.close();
  });

  test('an unknown event is the 404 page; /events is in the sitemap, an event page is not cached stale', async () => {
    const missing = await fetch(`${app.url}/events/no-such-event`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Sorry! This page not found. It might be deleted or its name changed.');
    const unknownToken = await fetch(`${app.url}/events/registration?token=not-a-token`);
    expect(unknownToken.status).toBe(404);
    const sitemap = await (await fetch(`${app.url}/sitemap.xml`)).text();
    expect(sitemap).toContain('/events</loc>');
    expect(sitemap).not.toContain('/events/');
    // Seats change with registrations: the page is rendered again, not kept.
    const seats = async () =>
      /(\d+) seats? left|Full — join the waitlist/.exec(await (await fetch(`${app.url}/events/${openHouse.slug}`)).text())?.[0];
    expect(await seats()).toBe('40 seats left');
    await register(app.url, openHouse.id, registrant(5));
    expect(await seats()).toBe('39 seats left');
  });
});
