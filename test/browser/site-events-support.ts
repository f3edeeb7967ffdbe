/**
 * Helpers of the site's events tests (issue 24): events created as an editor would, through the
 * CRM API with the admin's token; registrations through the public API as the widget sends them;
 * an event's JSON-LD read from a page.
 */
import type { Page } from 'playwright-core';
import { torontoInstant, wallTime } from '../../src/college-time';
import { eventPaths, type CrmEvent, type EventInput, type RegistrationAnswer, type RegistrationRequest } from '../../src/events-contract';

/** A Toronto wall time `days` from today, at `hour`:`minute`, as ISO 8601. */
export function torontoDaysAhead(days: number, hour: number, minute = 0): string {
  const today = wallTime(new Date());
  return torontoInstant(today.year, today.month, today.day + days, hour, minute).toISOString();
}

export function eventInput(fields: Partial<EventInput> & Pick<EventInput, 'title'>): EventInput {
  return {
    kind: 'info_session',
    starts_at: torontoDaysAhead(3, 18),
    ends_at: torontoDaysAhead(3, 19, 30),
    place: { kind: 'campus', room: 'Room 701' },
    capacity: 40,
    course_ids: [],
    description: 'Meet the instructors, see the labs and ask about funding.',
    registration_open: true,
    ...fields,
  };
}

async function call<T>(baseUrl: string, path: string, method: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export const createEvent = (baseUrl: string, token: string, input: EventInput) =>
  call<CrmEvent>(baseUrl, eventPaths.crmList, 'POST', input, token);

export const cancelEvent = (baseUrl: string, token: string, id: string) =>
  call<CrmEvent>(baseUrl, eventPaths.crmCancel(id), 'POST', {}, token);

export function registrant(n: number, courseId = ''): RegistrationRequest {
  return { first_name: `Grace${n}`, last_name: 'Hopper', email: `grace${n}@example.com`, phone: '+14165550123', course_id: courseId };
}

export const register = (baseUrl: string, eventId: string, person: RegistrationRequest) =>
  call<RegistrationAnswer>(baseUrl, eventPaths.register(eventId), 'POST', person);

/** Every JSON-LD document of the page, parsed. */
export async function jsonLdOf(page: Page): Promise<Record<string, unknown>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.flatMap((text) => {
    const parsed = JSON.parse(text) as Record<string, unknown> | { '@graph': Record<string, unknown>[] };
    return '@graph' in parsed ? (parsed['@graph'] as Record<string, unknown>[]) : [parsed as Record<string, unknown>];
  });
}

const CANCEL_PATH = /\/events\/registration\?token=[A-Za-z0-9_~.%-]+/;
const unfolded = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

/** True for the mail that carries a registration's cancel link (not the inquiry confirmation beside it). */
export const hasCancelLink = (mail: { raw: string }): boolean => CANCEL_PATH.test(unfolded(mail.raw));

/** The cancel link's path (`/events/registration?token=<token>`) in a quoted-printable mail. */
export function cancelPathIn(raw: string): string {
  const found = CANCEL_PATH.exec(unfolded(raw))?.[0];
  if (!found) throw new Error('no cancel link in the mail');
  return found;
}
