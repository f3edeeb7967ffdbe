/** Helpers for the CRM events browser tests (issue 24): staff of each kind, events and registrations through the API, layout checks. */
import type { Locator, Page } from 'playwright-core';
import type { CrmEvent, CrmRegistrationList, EventInput, RegistrationAnswer } from '../../src/events-contract';
import { torontoInstant } from '../../src/college-time';
import { addStaff, type TestStaff } from '../support/crm-staff';
import type { TestServer } from '../support/server';
import { sidewaysOverflow } from '../support/browser';

/** A counsellor an admin made a catalogue editor (the permission that edits events). */
export async function addEditor(server: TestServer, name: string): Promise<TestStaff> {
  const member = await addStaff(server, name);
  await server.db.pool.query('UPDATE users SET catalogue_editor = true WHERE id = $1', [member.id]);
  return member;
}

export async function staffApi<T>(server: TestServer, member: TestStaff, path: string, method = 'GET', body?: unknown): Promise<T> {
  const response = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${member.token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/** A day `days` ahead in Toronto, at a Toronto wall time, as the editor's inputs and as the instant. */
export function torontoDay(days: number, hour: number, minute = 0) {
  const now = new Date();
  const base = torontoInstant(now.getUTCFullYear(), now.getUTCMonth() + 1, now.getUTCDate() + days, hour, minute);
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    base,
  );
  return { date: parts, instant: base };
}

export async function createEventThroughApi(server: TestServer, member: TestStaff, input: Partial<EventInput> = {}): Promise<CrmEvent> {
  const day = torontoDay(10, 18);
  const body: EventInput = {
    title: 'Campus tour',
    kind: 'campus_tour',
    starts_at: day.instant.toISOString(),
    ends_at: new Date(day.instant.getTime() + 3_600_000).toISOString(),
    place: { kind: 'campus', room: 'Lobby' },
    capacity: 10,
    course_ids: [],
    description: 'A walk around the campus.',
    registration_open: true,
    ...input,
  };
  return staffApi<CrmEvent>(server, member, '/crm/events', 'POST', body);
}

/** Registers a person through the public API, as the event page does. */
export async function register(
  server: TestServer,
  eventId: string,
  first: string,
  last: string,
  courseId: string,
): Promise<RegistrationAnswer> {
  const response = await fetch(`${server.url}/api/events/${eventId}/registrations`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      first_name: first,
      last_name: last,
      email: `${first}.${last}@example.com`.toLowerCase(),
      phone: '+14165550123',
      course_id: courseId,
    }),
  });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`registration refused: ${response.status} ${text}`);
  return JSON.parse(text) as RegistrationAnswer;
}

export const registrations = (server: TestServer, member: TestStaff, eventId: string) =>
  staffApi<CrmRegistrationList>(server, member, `/crm/events/${eventId}/registrations?q=`);

/** Nothing wider than the viewport (no sideways scrolling) and every visible button at least `min` px tall and wide. */
export async function phoneLayout(page: Page, min = 44): Promise<{ overflow: number; small: string[] }> {
  const overflow = await sidewaysOverflow(page);
  const small = await page.evaluate((size) => {
    return [...document.querySelectorAll<HTMLElement>('.crm-checkin button, .crm-checkin input, .crm-checkin select, .crm-checkin summary')]
      .filter((el) => el.offsetParent !== null)
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.height < size || box.width < size;
      })
      .map((el) => `${el.tagName} ${el.getAttribute('aria-label') ?? el.id ?? el.textContent}`);
  }, min);
  return { overflow, small };
}

/**
 * Fills the CRM's New event form as an editor would (a campus session of 18:30–20:00 Toronto time in
 * Room 204, one program), creates it, and answers the stored event.
 */
export async function createEventInForm(
  page: Page,
  server: TestServer,
  member: TestStaff,
  fields: { form: Locator; title: string; date: string; capacity: number; courseName: string; description: string },
): Promise<CrmEvent> {
  const { form } = fields;
  await form.getByLabel('Title').fill(fields.title);
  await form.getByLabel('Kind').selectOption({ label: 'Information session' });
  await form.getByLabel('Date').fill(fields.date);
  await form.getByLabel('Starts').fill('18:30');
  await form.getByLabel('Ends').fill('20:00');
  await form.getByLabel('Room', { exact: true }).fill('Room 204');
  await form.getByLabel('Capacity').fill(String(fields.capacity));
  await form.getByRole('checkbox', { name: fields.courseName }).check();
  await form.getByLabel('Description').fill(fields.description);
  await form.getByRole('button', { name: 'Create event' }).click();
  await page.getByRole('heading', { level: 1, name: fields.title }).waitFor();
  const id = /\/crm\/events\/([^/]+)$/.exec(page.url())?.[1] ?? '';
  return staffApi<CrmEvent>(server, member, `/crm/events/${id}`);
}

/** Moves an event in time, as the days passing would (its registrations and check-ins stay). */
export async function setEventTimes(server: TestServer, eventId: string, startsAt: Date, endsAt: Date): Promise<void> {
  await server.db.pool.query('UPDATE events SET starts_at = $2, ends_at = $3 WHERE id = $1', [eventId, startsAt, endsAt]);
}
