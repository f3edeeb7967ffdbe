/**
 * Helpers for CRM browser tests: the test server's admin account, signing in (through the API or
 * the real login screen), and creating leads through the public POST /api/leads.
 */
import type { Page } from 'playwright-core';
import type { CourseSummary, LeadPayload, SignInAnswer } from '../../src/contract';
import type { TestServer } from './server';
import { validLead } from './lead-fixtures';

/** The account startTestServer() creates (ADMIN_EMAIL / ADMIN_PASSWORD there). */
export const ADMIN_EMAIL = 'admin@test.example';
export const ADMIN_PASSWORD = 'correct horse battery staple';

export async function signInThroughApi(server: TestServer, email = ADMIN_EMAIL, password = ADMIN_PASSWORD): Promise<SignInAnswer> {
  const response = await fetch(`${server.url}/api/users/signin`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as SignInAnswer;
}

/** Stores a session in the CRM's origin as the login screen does (the next page opened is signed in). */
export async function storeSignIn(
  page: Page,
  server: Pick<TestServer, 'url'>,
  answer: Pick<SignInAnswer, 'token' | 'user'>,
): Promise<void> {
  await page.goto(`${server.url}/crm/forgot-password`);
  await page.evaluate(({ token, user }) => {
    localStorage.setItem('token', token);
    localStorage.setItem('user_public', JSON.stringify(user));
  }, answer);
}

/** A staff member's session (test/support/crm-staff.ts addStaff) as the login screen would store it. */
export const sessionOf = (member: { id: string; name: string; email: string; token: string }): Pick<SignInAnswer, 'token' | 'user'> => ({
  token: member.token,
  user: { _id: member.id, name: member.name, email: member.email },
});

/** Signs in through the API and stores the credentials as the login screen does, then opens `path`. */
export async function openSignedIn(page: Page, server: TestServer, path = '/crm/dashboard'): Promise<SignInAnswer> {
  const answer = await signInThroughApi(server);
  await storeSignIn(page, server, answer);
  await page.goto(server.url + path);
  return answer;
}

/** Signs in through the real login screen and waits for the dashboard. */
export async function signInInBrowser(page: Page, server: TestServer, email = ADMIN_EMAIL, password = ADMIN_PASSWORD): Promise<void> {
  await page.goto(`${server.url}/crm/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${server.url}/crm/dashboard`, { timeout: 10_000 });
}

export async function firstCourse(server: TestServer, courseType: 1 | 2 = 1): Promise<CourseSummary> {
  const response = await fetch(`${server.url}/api/courses/search?course_type=${courseType}`);
  const courses = (await response.json()) as CourseSummary[];
  const course = courses[0];
  if (!course) throw new Error(`no course of type ${courseType} in the seeded catalogue`);
  return course;
}

/** Posts a lead exactly as the inquiry widget does (the public API); throws unless it succeeds. */
/** `headers` are sent as well: an `Origin` names the page the inquiry came from, as a browser would. */
export async function createLead(
  server: TestServer,
  fields: Partial<LeadPayload> = {},
  headers: Record<string, string> = {},
): Promise<LeadPayload> {
  const course = fields.course_id === undefined ? await firstCourse(server) : null;
  const payload: LeadPayload = validLead({
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    course_id: course ? course._id : '',
    course_type: course ? course.course_type : '',
    ...fields,
  });
  const response = await fetch(`${server.url}/api/leads`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(payload),
  });
  const body = await response.text();
  if (response.status !== 200 && response.status !== 201) throw new Error(`lead refused: ${response.status} ${body}`);
  return payload;
}
