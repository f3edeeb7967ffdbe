/** @jest-environment node */
/**
 * Issue 24's "done when", as people do it, on one real server with a real SMTP sink: an editor
 * creates a 2-seat session in the CRM → three students register (the site's event page, a
 * partner page through the widget's register(), the site again) → the third is waitlisted → the
 * first cancels through the link in their mail → the third is promoted and mailed → the .ics of
 * the confirmation parses with ical.js (America/Toronto) → a counsellor checks two people in on a
 * 390 px phone → attendance is on their timelines and the dashboard's events funnel counts them.
 */
import ICAL from 'ical.js';
import { simpleParser } from 'mailparser';
import type { Page } from 'playwright-core';
import type { CrmEvent } from '../../src/events-contract';
import { describeBrowser, eventually } from '../support/browser';
import { useBrowserApp } from '../support/browser-app';
import { addStaff, type TestStaff } from '../support/crm-staff';
import type { ReceivedMail } from '../support/smtp';
import { firstCourse } from '../support/staff';
import { openAs } from './crm-catalogue-support';
import { addEditor, createEventInForm, registrations, setEventTimes, torontoDay } from './crm-events-support';
import { cancelPathIn } from './site-events-support';

const TITLE = 'Network administration information session';
const STUDENTS = [
  { first: 'Ada', last: 'Lovelace', email: 'ada.lovelace@example.com', phone: '4165550101' },
  { first: 'Grace', last: 'Hopper', email: 'grace.hopper@example.com', phone: '4165550102' },
  { first: 'Alan', last: 'Turing', email: 'alan.turing@example.com', phone: '4165550103' },
] as const;
type Student = (typeof STUDENTS)[number];

/** A partner's landing page: its own button calls the documented register(eventId). */
const partnerPages = (widgetOrigin: string) => ({
  '/info-session.html': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner: info session</title>
<script src="${widgetOrigin}/widget/college-inquiry.js" async></script></head>
<body><main><h1>Come to an information session</h1>
<button type="button" id="register" onclick="CollegeInquiry.register(new URLSearchParams(location.search).get('event'))">Save my seat</button>
</main></body></html>`,
});

describeBrowser('events journey: create, register three, waitlist, cancel by mail, promote, check in, report', () => {
  const app = useBrowserApp({ smtp: true, partner: partnerPages, screenshots: '/tmp/shots/events-journey' });
  let editor: TestStaff;
  let counsellor: TestStaff;
  let course: { _id: string; course_name: string };
  let event: CrmEvent;

  beforeAll(async () => {
    [editor, counsellor, course] = await Promise.all([
      addEditor(app.server, 'Eddie Editor'),
      addStaff(app.server, 'Casey Counsellor'),
      firstCourse(app.server),
    ]);
  });

  async function newPage(width = 1280): Promise<Page> {
    const context = await app.browser.newContext({ viewport: { width, height: width > 500 ? 900 : 844 } });
    return context.newPage();
  }

  /** Fills the widget's registration dialog and sends it; answers the message that replaces the form. */
  async function registerInDialog(page: Page, student: Student, button: 'Register' | 'Join the waitlist'): Promise<string> {
    const dialog = page.getByRole('dialog', { name: 'Event Registration' });
    await dialog.getByRole('heading', { name: TITLE }).waitFor();
    await dialog.getByLabel('First Name *').fill(student.first);
    await dialog.getByLabel('Last Name *').fill(student.last);
    await dialog.getByLabel('Email *').fill(student.email);
    await dialog.getByLabel(/^Phone/).fill(student.phone);
    await dialog.getByRole('button', { name: button }).click();
    const message = dialog.locator('.ci-panel-message');
    await message.waitFor();
    return message.innerText();
  }

  async function registerOnSite(student: Student, button: 'Register' | 'Join the waitlist'): Promise<string> {
    const page = await newPage();
    await page.goto(`${app.url}/events`);
    await page.getByRole('link', { name: TITLE }).first().click();
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await page.getByRole('button', { name: button }).click();
    const message = await registerInDialog(page, student, button);
    await page.context().close();
    return message;
  }

  /** The mail with this subject to this address (the sink keeps every one). */
  async function mailTo(address: string, subject: string): Promise<ReceivedMail> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const found = app.smtp.messages.find((m) => m.to.includes(address) && m.subject === subject);
      if (found) return found;
      if (Date.now() > deadline)
        throw new Error(`no mail "${subject}" to ${address}; got ${JSON.stringify(app.smtp.messages.map((m) => [m.to, m.subject]))}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  test('the editor creates a 2-seat session in the CRM', async () => {
    const page = await newPage();
    await openAs(page, app.server, editor, '/crm/events/new');
    const form = page.getByRole('form', { name: 'New event' });
    const day = torontoDay(7, 18, 30);
    event = await createEventInForm(page, app.server, editor, {
      form,
      title: TITLE,
      date: day.date,
      capacity: 2,
      courseName: course.course_name,
      description: 'Meet the instructors and see the network lab.',
    });
    expect([event.capacity, event.starts_at]).toEqual([2, day.instant.toISOString()]);
    await page.context().close();
  });

  test('three students register: the site, a partner page through the widget, the site; the third is waitlisted', async () => {
    const [ada, grace, alan] = STUDENTS;
    expect(await registerOnSite(ada, 'Register')).toMatch(/registered/i);

    const partner = await newPage(390);
    await partner.goto(`${app.partner.url}/info-session.html?event=${event.id}`);
    await partner.getByRole('button', { name: 'Save my seat' }).click();
    expect(await registerInDialog(partner, grace, 'Register')).toMatch(/registered/i);
    await partner.screenshot({ path: '/tmp/shots/events-journey/partner-registered-390.png', fullPage: true });
    await partner.context().close();

    // The event is full now: the site's button says so, and the answer gives the place in line.
    const third = await registerOnSite(alan, 'Join the waitlist');
    expect(third).toMatch(/waitlist/i);
    expect(third).toMatch(/\b1\b/);
    const { registrations: rows } = await registrations(app.server, counsellor, event.id);
    const byName = [...rows].sort((a, b) => a.registered_at.localeCompare(b.registered_at));
    expect(byName.map((r) => [r.last_name, r.status, r.position])).toEqual([
      ['Lovelace', 'registered', null],
      ['Hopper', 'registered', null],
      ['Turing', 'waitlisted', 1],
    ]);
  }, 120_000);

  test("the third confirms from the waitlist; the first cancels through the mail's link; the third is promoted and mailed; the .ics parses", async () => {
    const [ada, , alan] = STUDENTS;
    // Alan's address is new to us: his waitlist mail asks him to confirm his place (issue 35), and he does.
    const waiting = await mailTo(alan.email, `You are on the waitlist: ${TITLE}`);
    const own = await newPage(390);
    await own.goto(`${app.url}${cancelPathIn(waiting.raw)}`);
    await own.getByRole('button', { name: 'Confirm my place' }).click();
    // Confirmed once the request to confirm is gone (while it runs, the button reads "Confirming…").
    await own.getByText(/^Please confirm your place by/).waitFor({ state: 'detached' });
    await own.context().close();

    const confirmation = await mailTo(ada.email, `You are registered: ${TITLE}`);
    const page = await newPage(390);
    await page.goto(`${app.url}${cancelPathIn(confirmation.raw)}`);
    await page.getByRole('button', { name: 'Cancel my registration' }).click();
    await page
      .getByText(/cancelled/i)
      .first()
      .waitFor();
    await page.context().close();

    const promoted = await mailTo(alan.email, `A seat opened up, you are registered: ${TITLE}`);
    expect(promoted.raw).toContain('Room 204');
    const { registrations: rows } = await registrations(app.server, counsellor, event.id);
    expect(rows.find((r) => r.last_name === 'Turing')?.status).toBe('registered');

    // The confirmation's calendar file, read by a real iCalendar parser.
    const parsed = await simpleParser(confirmation.raw);
    const ics = parsed.attachments.find((a) => a.contentType.startsWith('text/calendar'));
    expect(ics).toBeDefined();
    const calendar = new ICAL.Component(ICAL.parse(ics?.content.toString('utf8') ?? ''));
    const zone = calendar.getFirstSubcomponent('vtimezone');
    expect(zone?.getFirstPropertyValue('tzid')).toBe('America/Toronto');
    // Registered, the file's own VTIMEZONE turns its wall times into instants.
    if (zone) ICAL.TimezoneService.register(zone);
    const component = calendar.getFirstSubcomponent('vevent');
    expect(component?.getFirstProperty('dtstart')?.getParameter('tzid')).toBe('America/Toronto');
    const vevent = new ICAL.Event(component ?? undefined);
    expect(vevent.summary).toBe(TITLE);
    expect(vevent.startDate.toJSDate().toISOString()).toBe(event.starts_at);
    expect(vevent.endDate.toJSDate().toISOString()).toBe(event.ends_at);
  }, 90_000);

  test("a counsellor checks two people in on a phone; attendance is on their timelines and in the dashboard's funnel", async () => {
    // The evening has come: the session is under way (its report month is the one it starts in).
    const now = Date.now();
    await setEventTimes(app.server, event.id, new Date(now - 1000), new Date(now + 3_600_000));
    const page = await newPage(390);
    await openAs(page, app.server, counsellor, `/crm/events/${event.id}/check-in`);
    const people = page.getByRole('list', { name: 'Registrants' });
    // Each phone as it is dialled in Toronto (issue 31), not as stored (+14165550102).
    for (const [name, phone] of [
      ['Grace Hopper', '416-555-0102'],
      ['Alan Turing', '416-555-0103'],
    ] as const) {
      await page.getByLabel('Find a registrant').fill(name.split(' ')[1]?.toLowerCase() ?? '');
      await people.getByRole('listitem').filter({ hasText: name }).getByText(phone, { exact: true }).waitFor();
      expect(await people.getByText('+1416').count()).toBe(0);
      await people.getByRole('button', { name: `Check in ${name}` }).click();
      await people.getByRole('button', { name: `Undo check-in of ${name}` }).waitFor();
    }
    const counts = page.getByRole('list', { name: 'Counts' });
    await eventually(() => counts.innerText().then((t) => t.replace(/\s+/g, ' ').trim()), '2 registered 0 waitlisted 2 checked in');
    await page.screenshot({ path: '/tmp/shots/events-journey/check-in-390.png', fullPage: true });

    const { registrations: rows } = await registrations(app.server, counsellor, event.id);
    for (const last of ['Hopper', 'Turing']) {
      const lead = rows.find((r) => r.last_name === last)?.lead_id ?? '';
      await page.goto(`${app.url}/crm/leads/${lead}`);
      await page.getByText(`Attended ${TITLE}`).waitFor();
    }

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${app.url}/crm/dashboard`);
    await page.getByText('Show the data: Events: registered, attended, applied').click();
    const cells = await page
      .getByRole('row', { name: new RegExp(`^${TITLE}`) })
      .getByRole('cell')
      .allInnerTexts();
    expect(cells.slice(0, 2)).toEqual(['2', '2']);
    await page.context().close();
  }, 120_000);
});
