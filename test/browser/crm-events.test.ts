/** @jest-environment node */
/**
 * Issue 24 in the CRM, as staff use it, on one real server: a catalogue editor creates an event
 * with the form (bad input first: the server's field errors show under the fields), a counsellor
 * only reads it; at the door on a 390 px phone someone searches, is asked before checking in two
 * weeks early (issue 31), checks two people in, undoes one and registers a walk-in while the
 * counts follow; the lead's timeline says "Attended"; the dashboard's events table counts them; a
 * sequence saves the "attended an event" trigger; cancelling says every registrant is told; and a
 * date moved into the past is saved only after "Save anyway?" (issue 31). axe and screenshots at
 * 1280 and 390 px on each screen.
 */
import type { Page } from 'playwright-core';
import type { CrmEvent } from '../../src/events-contract';
import type { Sequence, SequenceList } from '../../src/sequences-contract';
import { axeViolations, describeBrowser, describeViolations, eventually, toastsClosed, sidewaysOverflow } from '../support/browser';
import { useBrowserApp } from '../support/browser-app';
import { addStaff, type TestStaff } from '../support/crm-staff';
import { firstCourse } from '../support/staff';
import { openAs } from './crm-catalogue-support';
import {
  addEditor,
  createEventInForm,
  createEventThroughApi,
  phoneLayout,
  register,
  registrations,
  staffApi,
  setEventTimes,
  torontoDay,
} from './crm-events-support';

const SHOTS = '/tmp/shots/events';
const TITLE = 'Cyber security information session';

describeBrowser('CRM events', () => {
  const app = useBrowserApp({ screenshots: SHOTS });
  let editor: TestStaff;
  let counsellor: TestStaff;
  let event: CrmEvent;
  let course: { _id: string; course_name: string };

  beforeAll(async () => {
    [editor, counsellor, course] = await Promise.all([
      addEditor(app.server, 'Eddie Editor'),
      addStaff(app.server, 'Casey Counsellor'),
      firstCourse(app.server),
    ]);
  });

  async function pageAs(member: TestStaff, path: string, width = 1280): Promise<Page> {
    const context = await app.browser.newContext({ viewport: { width, height: width > 500 ? 900 : 844 } });
    const page = await context.newPage();
    await openAs(page, app.server, member, path);
    return page;
  }

  async function checkScreen(page: Page, name: string): Promise<void> {
    // A toast under the pointer (bottom-left, where the form's button was) pauses until it leaves.
    await page.mouse.move(page.viewportSize()?.width ?? 390, 0);
    await toastsClosed(page);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
      await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
      expect(describeViolations(await axeViolations(page))).toEqual([]);
    }
  }

  test('an editor creates an event with the form, after the server names the bad fields', async () => {
    const page = await pageAs(editor, '/crm/dashboard');
    await page.getByRole('navigation', { name: 'CRM' }).getByRole('link', { name: 'Events', exact: true }).click();
    await page.getByRole('link', { name: 'New event' }).click();
    const form = page.getByRole('form', { name: 'New event' });
    await form.getByLabel('Capacity').fill('0');
    await form.getByRole('button', { name: 'Create event' }).click();
    const summary = page.locator('.crm-error-summary');
    await summary.waitFor();
    await expect(summary.getByRole('link', { name: /^Title:/ }).count()).resolves.toBe(1);
    await expect(form.getByLabel('Title').getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(form.locator('#event-capacity-error').count()).resolves.toBe(1);
    await checkScreen(page, 'crm-event-errors');

    const day = torontoDay(14, 18, 30);
    await page.setViewportSize({ width: 1280, height: 900 });
    event = await createEventInForm(page, app.server, editor, {
      form,
      title: TITLE,
      date: day.date,
      capacity: 2,
      courseName: course.course_name,
      description: 'Meet the instructors and see the labs.',
    });
    const id = event.id;
    // The form's Toronto wall time is the stored instant.
    expect(event.starts_at).toBe(day.instant.toISOString());
    expect(new Date(event.ends_at).getTime() - new Date(event.starts_at).getTime()).toBe(90 * 60_000);
    expect([event.place, event.capacity, event.course_ids]).toEqual([{ kind: 'campus', room: 'Room 204' }, 2, [course._id]]);
    await checkScreen(page, 'crm-event-editor');

    // Someone else saves first: this form's save is refused and says so.
    await staffApi(app.server, editor, `/crm/events/${id}`, 'PUT', { ...event, description: 'Changed elsewhere.' });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByLabel('Title').fill(`${TITLE} (evening)`);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText(/Someone else saved this event after you opened it/).waitFor();
    await page.getByRole('button', { name: 'Load their version' }).click();
    await expect(page.getByLabel('Description').inputValue()).resolves.toBe('Changed elsewhere.');
    event = await staffApi<CrmEvent>(app.server, editor, `/crm/events/${id}`);

    await page.goto(`${app.url}/crm/events`);
    await page.getByRole('rowheader', { name: TITLE }).waitFor();
    await checkScreen(page, 'crm-events-list');
    await page.context().close();
  }, 120_000);

  test('a counsellor sees the event read-only and cannot create one', async () => {
    const page = await pageAs(counsellor, `/crm/events/${event.id}`);
    await page.getByRole('heading', { level: 1, name: event.title }).waitFor();
    await page.getByText('Only catalogue editors and admins can create or change events.').waitFor();
    await page.getByText('Campus, Room 204').waitFor();
    await expect(page.getByRole('button', { name: 'Save changes' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: /Cancel event/ }).count()).resolves.toBe(0);
    await checkScreen(page, 'crm-event-read-only');
    await page.goto(`${app.url}/crm/events`);
    await page.getByRole('rowheader', { name: event.title }).waitFor();
    await expect(page.getByRole('link', { name: 'New event' }).count()).resolves.toBe(0);
    await page.goto(`${app.url}/crm/events/new`);
    await page.getByRole('alert').getByText('Only catalogue editors and admins can create or change events.').waitFor();
    await page.context().close();
  });

  test('at the door on a phone: search, check two people in, undo one, register a walk-in; the counts follow', async () => {
    for (const [first, last] of [
      ['Ada', 'Lovelace'],
      ['Grace', 'Hopper'],
      ['Alan', 'Turing'],
    ] as const)
      await register(app.server, event.id, first, last, course._id);
    const page = await pageAs(counsellor, `/crm/events/${event.id}/check-in`, 390);
    const counts = page.getByRole('list', { name: 'Counts' });
    const countsText = () => counts.innerText().then((t) => t.replace(/\s+/g, ' ').trim());
    await eventually(countsText, '2 registered 1 waitlisted 0 checked in');
    const people = page.getByRole('list', { name: 'Registrants' });
    await expect(people.getByRole('listitem').count()).resolves.toBe(3);
    await checkScreen(page, 'crm-check-in');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await phoneLayout(page)).toEqual({ overflow: 0, small: [] });

    await page.getByLabel('Find a registrant').fill('lovel');
    await eventually(() => people.getByRole('listitem').count(), 1);
    // Two weeks before the event: the screen asks before checking anyone in; Cancel leaves them out.
    await people.getByRole('button', { name: 'Check in Ada Lovelace' }).click();
    const early = page.getByRole('alertdialog', { name: "Check in before the event's day?" });
    await early
      .getByText(/check-in opens on the event's day.*Checking in Ada Lovelace now records on their timeline that they attended/)
      .waitFor();
    expect(describeViolations(await axeViolations(page))).toEqual([]);
    await early.getByRole('button', { name: 'Cancel' }).click();
    await early.waitFor({ state: 'hidden' });
    expect((await registrations(app.server, counsellor, event.id)).registrations.filter((r) => r.checked_in_at)).toEqual([]);
    await people.getByRole('button', { name: 'Check in Ada Lovelace' }).click();
    await early.getByRole('button', { name: 'Check in early' }).click();
    await people.getByRole('button', { name: 'Undo check-in of Ada Lovelace' }).waitFor();
    // The event's day (it started a minute ago): nobody is asked any more.
    await setEventTimes(app.server, event.id, new Date(Date.now() - 60_000), new Date(Date.now() + 2 * 3_600_000));
    await eventually(countsText, '2 registered 1 waitlisted 1 checked in');
    await expect(page.getByRole('status').filter({ hasText: 'Ada Lovelace checked in.' }).count()).resolves.toBe(1);

    await page.getByLabel('Find a registrant').fill('hopper@');
    await people.getByRole('button', { name: 'Check in Grace Hopper' }).click();
    await eventually(countsText, '2 registered 1 waitlisted 2 checked in');
    await people.getByRole('button', { name: 'Undo check-in of Grace Hopper' }).click();
    await people.getByRole('button', { name: 'Check in Grace Hopper' }).waitFor();
    await eventually(countsText, '2 registered 1 waitlisted 1 checked in');
    await page.getByText('Check-in of Grace Hopper undone.').waitFor();

    await page.getByText('Walk-in (not registered)').click();
    const walkIn = page.getByRole('form', { name: 'Walk-in registration' });
    await walkIn.getByLabel('First name').fill('Katherine');
    await walkIn.getByLabel('Last name').fill('Johnson');
    await walkIn.getByLabel('E-mail').fill('katherine.johnson@example.com');
    await walkIn.getByLabel('Phone').fill('not a phone');
    await walkIn.getByRole('button', { name: 'Register and check in' }).click();
    await walkIn.locator('#walk-in-phone-error').waitFor();
    await walkIn.getByLabel('Phone').fill('416 555 0199');
    await walkIn.getByRole('button', { name: 'Register and check in' }).click();
    await page.getByText('Katherine Johnson registered as a walk-in and checked in.').waitFor();
    await eventually(countsText, '3 registered 1 waitlisted 2 checked in');
    await page.getByLabel('Find a registrant').fill('');
    await people.getByRole('button', { name: 'Undo check-in of Katherine Johnson' }).waitFor();
    await checkScreen(page, 'crm-check-in-done');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await phoneLayout(page)).toEqual({ overflow: 0, small: [] });
    await page.context().close();
  }, 120_000);

  test("the attendance is on the lead's timeline and in the dashboard's events table", async () => {
    // The report counts events up to this Toronto month: the session took place an hour ago.
    const now = Date.now();
    await setEventTimes(app.server, event.id, new Date(now - 3_600_000), new Date(now - 600_000));
    const { registrations: rows } = await registrations(app.server, counsellor, event.id);
    const ada = rows.find((r) => r.last_name === 'Lovelace');
    const page = await pageAs(counsellor, `/crm/leads/${ada?.lead_id ?? ''}`);
    const attended = page.getByText(`Attended ${event.title}`);
    await attended.waitFor();
    await page.getByText(`Registered for ${event.title}`).waitFor();
    await expect(page.getByRole('link', { name: event.title }).first().getAttribute('href')).resolves.toBe(`/crm/events/${event.id}`);
    await checkScreen(page, 'crm-lead-event-timeline');

    await page.goto(`${app.url}/crm/dashboard`);
    await page.getByText('Show the data: Events: registered, attended, applied').click();
    const row = page.getByRole('row', { name: new RegExp(`^${event.title}`) });
    const cells = await row.getByRole('cell').allInnerTexts();
    const report = await staffApi<{ events: { id: string; registered: number; attended: number; applied: number }[] }>(
      app.server,
      counsellor,
      '/crm/events/report',
    );
    const mine = report.events.find((e) => e.id === event.id);
    expect(mine?.attended).toBe(2);
    expect(cells).toEqual([String(mine?.registered), '2', String(mine?.applied)]);
    await checkScreen(page, 'crm-dashboard-events');
    await page.setViewportSize({ width: 390, height: 844 });
    // Nothing sideways at 390 px, the data table open.
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await page.context().close();
  }, 90_000);

  test('a sequence saves the "attended an event" trigger', async () => {
    const admin = await addStaff(app.server, 'Ana Admin', 'admin');
    const page = await pageAs(admin, '/crm/sequences');
    await page.getByRole('button', { name: 'New sequence' }).click();
    const form = page.getByRole('form', { name: 'New sequence' });
    await form.getByLabel('Name').fill('After the info session');
    await form.getByLabel('Business days').fill('1');
    await form.getByRole('radio', { name: 'the lead attended an event' }).check();
    await form.getByRole('button', { name: 'Save sequence' }).click();
    await page.getByRole('button', { name: 'Edit After the info session' }).waitFor();
    const { sequences } = await staffApi<SequenceList>(app.server, admin, '/crm/sequences');
    const saved = sequences.find((s: Sequence) => s.name === 'After the info session');
    expect(saved?.rules).toEqual([{ event_outcome: 'attended' }]);
    await page.getByRole('button', { name: 'Edit After the info session' }).click();
    await expect(page.getByRole('radio', { name: 'the lead attended an event' }).isChecked()).resolves.toBe(true);
    await checkScreen(page, 'crm-sequence-event-rule');
    await page.context().close();
  });

  test('moving an event to a date in the past asks "Save anyway?" first; Cancel saves nothing and says why', async () => {
    const other = await createEventThroughApi(app.server, editor, { title: 'Webinar typed afterwards', kind: 'webinar' });
    const page = await pageAs(editor, `/crm/events/${other.id}`);
    const past = torontoDay(-3, 18);
    await page.getByLabel('Date').fill(past.date);
    await page.getByRole('button', { name: 'Save changes' }).click();
    const ask = page.getByRole('alertdialog', { name: 'This date is in the past. Save anyway?' });
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await page
      .locator('#event-start-error')
      .getByText(/This date is in the past/)
      .waitFor();
    expect((await staffApi<CrmEvent>(app.server, editor, `/crm/events/${other.id}`)).starts_at).toBe(other.starts_at);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await ask.getByRole('button', { name: 'Save anyway' }).click();
    await page.getByText('Event saved.').waitFor();
    expect((await staffApi<CrmEvent>(app.server, editor, `/crm/events/${other.id}`)).starts_at).toBe(past.instant.toISOString());
    await page.context().close();
  });

  test('cancelling an event asks first, saying every registrant is told', async () => {
    const other = await createEventThroughApi(app.server, editor, { title: 'Open house to cancel', kind: 'open_house' });
    await register(app.server, other.id, 'Mary', 'Jackson', '');
    const page = await pageAs(editor, `/crm/events/${other.id}`);
    await page.getByRole('button', { name: 'Cancel event…' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Cancel Open house to cancel?' });
    await dialog.getByText(/Every registrant is told by e-mail that it is cancelled: 1 registered and 0 on the waitlist/).waitFor();
    await checkScreen(page, 'crm-event-cancel-dialog');
    await dialog.getByRole('button', { name: 'Yes, cancel the event' }).click();
    await page.locator('.crm-event-state--cancelled').waitFor();
    const stored = await staffApi<CrmEvent>(app.server, editor, `/crm/events/${other.id}`);
    expect(stored.cancelled_at).not.toBeNull();
    await page.context().close();
  });
});
