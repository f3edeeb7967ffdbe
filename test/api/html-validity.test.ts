/**
 * The W3C Nu HTML Checker (npm vnu-jar, needs Java) reports no error on the rendered HTML of the
 * home page, a listing, a course page and contact (issue 9; the old favicon data URI with raw
 * spaces was one such error). Skipped with a loud line when Java is missing, except under CI.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { startTestServer, type TestServer } from '../support/server';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/staff';
import { eventPaths, type CrmEvent } from '../../src/events-contract';

/** An event created as an editor would (issue 24), so its page and the Events page have content. */
async function createEventByInject(server: TestServer): Promise<CrmEvent> {
  const signIn = await server.app.inject({
    method: 'POST',
    url: '/api/users/signin',
    payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
  });
  const { token } = signIn.json<{ token: string }>();
  const starts = new Date(Date.now() + 7 * 86_400_000);
  const created = await server.app.inject({
    method: 'POST',
    url: `/api${eventPaths.crmList}`,
    headers: { authorization: `Bearer ${token}` },
    payload: {
      title: 'Information session',
      kind: 'info_session',
      starts_at: starts.toISOString(),
      ends_at: new Date(starts.getTime() + 90 * 60_000).toISOString(),
      place: { kind: 'campus', room: 'Room 701' },
      capacity: 20,
      course_ids: [],
      description: 'Meet the instructors.\n\nSee the labs.',
      registration_open: true,
    },
  });
  expect(created.statusCode).toBe(201);
  return created.json<CrmEvent>();
}

const hasJava = spawnSync('java', ['-version']).status === 0;
if (!hasJava) {
  if (process.env.CI) throw new Error('Java is missing: the HTML validity test needs it under CI (apt-get install default-jre-headless).');
  console.warn('\n!!!!! NO JAVA: the W3C Nu HTML Checker test is skipped !!!!!\n');
}
const describeWithJava = hasJava ? describe : describe.skip;
const vnuJar = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

interface VnuMessage {
  type: string;
  subType?: string;
  message: string;
  url: string;
  lastLine?: number;
}

describeWithJava('rendered pages are valid HTML (W3C Nu checker)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ listen: false });
  }, 120_000);
  afterAll(async () => {
    await server.close();
  });

  test('home, a listing, course and program pages, contact, KPI, professors, policies and events: no error', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vnu-'));
    const event = await createEventByInject(server);
    const pages = {
      home: '/',
      listing: '/full-time-courses',
      course: '/part-time-courses/cisco/ccna/ccna',
      program: '/full-time/network-specialist-diploma',
      contact: '/contact',
      calendar: '/calendar',
      kpi: '/kpi',
      professors: '/professors',
      policies: '/policies',
      events: '/events',
      event: `/events/${event.slug}`,
    };
    const files: string[] = [];
    for (const [name, url] of Object.entries(pages)) {
      const res = await server.app.inject({ method: 'GET', url });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 200 });
      const file = path.join(dir, `${name}.html`);
      fs.writeFileSync(file, res.body);
      files.push(file);
    }
    // vnu exits non-zero when it reports errors; the JSON report is on stderr either way.
    let report = '';
    try {
      execFileSync('java', ['-jar', vnuJar, '--format', 'json', ...files], { stdio: ['ignore', 'ignore', 'pipe'] });
    } catch (error) {
      report = String((error as { stderr?: Buffer }).stderr ?? '');
    }
    const messages = report ? (JSON.parse(report) as { messages: VnuMessage[] }).messages : [];
    const errors = messages
      .filter((m) => m.type === 'error' || m.subType === 'fatal')
      .map((m) => `${path.basename(m.url)}:${m.lastLine ?? '?'} ${m.message}`);
    expect(errors).toEqual([]);
    fs.rmSync(dir, { recursive: true, force: true });
  }, 120_000);
});
