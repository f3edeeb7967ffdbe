import { startTestServer, type TestServer } from '../support/server';
import { testDatabaseKinds } from '../support/database';
import { staffToken, testCourses, validLead, type TestCourses } from '../support/lead-fixtures';
import type { DashboardCharts } from '../../src/crm-contract';
import { SIGNED_OUT_MESSAGE } from '../../server/auth/guards';
import { weekStart } from '../../server/crm/dashboard-charts';

const START_TIMEOUT_MS = 120_000;

test('college weeks start on Monday 00:00 in Toronto', () => {
  // Sunday 29 November 2026, 23:30 in Toronto (Monday 04:30 UTC): still the week of Monday the 23rd.
  expect(weekStart(new Date('2026-11-30T04:30:00Z')).toISOString()).toBe('2026-11-23T05:00:00.000Z');
  expect(weekStart(new Date('2026-11-30T05:30:00Z')).toISOString()).toBe('2026-11-30T05:00:00.000Z');
  // Across the fall-back change (1 November): 11 weeks before is in EDT (UTC-4).
  expect(weekStart(new Date('2026-11-25T12:00:00Z'), 11).toISOString()).toBe('2026-09-07T04:00:00.000Z');
});

describe.each(testDatabaseKinds())('dashboard charts (%s)', (kind) => {
  let server: TestServer;
  let token: string;
  let courses: TestCourses;

  beforeAll(async () => {
    server = await startTestServer({ kind, listen: false, env: { LEADS_RATE_LIMIT: '10000' } });
    token = await staffToken(server);
    courses = await testCourses(server);
    const leads = [
      validLead({ email: 'a@example.com', source: 1, course_id: courses.fullTime.id, course_type: 1 }),
      validLead({ email: 'b@example.com', source: 3, course_id: courses.fullTime.id, course_type: 1 }),
      validLead({ email: 'c@example.com', source: 4, course_id: courses.partTime.id, course_type: 2 }),
    ];
    for (const lead of leads) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/leads',
        headers: { 'content-type': 'application/json' },
        payload: lead,
      });
      expect(res.statusCode).toBe(201);
    }
    // One lead three weeks ago (in the chart) and one 20 weeks ago (before it, but in the funnel).
    await server.db.pool.query(
      `INSERT INTO leads (id, idempotency_key, first_name, last_name, email, phone, source, location, stage, created_at)
       VALUES ('0123456789abcdef01234567', 'three-weeks', 'Old', 'One', 'old1@example.com', '+14165550100', 4, 1, 3, now() - interval '21 days'),
              ('0123456789abcdef01234568', 'twenty-weeks', 'Old', 'Two', 'old2@example.com', '+14165550100', 1, 1, 6, now() - interval '140 days')`,
    );
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await server.close();
  });

  test('needs a staff session', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/crm/dashboard/charts' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: SIGNED_OUT_MESSAGE });
  });

  test('12 weeks by source, the funnel, course types, courses and activity counts', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/crm/dashboard/charts', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    const charts = res.json<DashboardCharts>();
    expect(charts.weeks).toHaveLength(12);
    const last = charts.weeks[11];
    expect(last?.by_source).toEqual([
      { source: 1, count: 1 },
      { source: 3, count: 1 },
      { source: 4, count: 1 },
    ]);
    const total = (w: (typeof charts.weeks)[number]) => w.by_source.reduce((sum, s) => sum + s.count, 0);
    expect(charts.weeks.map(total).reduce((a, b) => a + b, 0)).toBe(4);
    expect(charts.weeks.filter((w) => total(w) === 1).flatMap((w) => w.by_source.filter((s) => s.count))).toEqual([
      { source: 4, count: 1 },
    ]);
    expect(charts.weeks.map((w) => w.week_start)).toEqual([...charts.weeks.map((w) => w.week_start)].sort());
    expect(new Date(`${charts.weeks[0]?.week_start}T12:00:00Z`).getUTCDay()).toBe(1);

    expect(charts.funnel.map((f) => f.stage)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(charts.funnel.find((f) => f.stage === 1)?.count).toBe(3);
    expect(charts.funnel.find((f) => f.stage === 6)?.count).toBe(1);
    expect(charts.by_course_type).toEqual([
      { course_type: 1, count: 2 },
      { course_type: 2, count: 1 },
      { course_type: 3, count: 0 },
      { course_type: null, count: 2 },
    ]);
    expect(charts.by_course).toEqual([
      { course_id: courses.fullTime.id, course_name: courses.fullTime.name, count: 2 },
      { course_id: courses.partTime.id, course_name: courses.partTime.name, count: 1 },
    ]);
    expect(charts.activities).toEqual({ mine: { overdue: 0, due_today: 0 }, everyone: { overdue: 0, due_today: 0 } });
  });

  test('repeat inquiries and merged-away leads are not counted as new leads (weeks, 30 days, first contact)', async () => {
    const auth = { authorization: `Bearer ${token}` };
    const read = async () =>
      Promise.all(
        ['/api/crm/dashboard/charts', '/api/crm/dashboard', '/api/crm/dashboard/first-contact'].map(async (url) => {
          const res = await server.app.inject({ method: 'GET', url, headers: auth });
          expect(res.statusCode).toBe(200);
          return res.json<Record<string, unknown>>();
        }),
      );
    const [charts, dashboard, firstContact] = await read();
    const { rows } = await server.db.pool.query<{ id: string }>(`SELECT id FROM leads WHERE email = 'a@example.com'`);
    const parent = rows[0]?.id;
    // This week: a repeat inquiry of lead "a" and a lead merged into it, as the passes leave them.
    await server.db.pool.query(
      `INSERT INTO leads (id, idempotency_key, first_name, last_name, email, phone, source, location, course_type,
                          parent_lead_id, merged_into, repeat_pending, assign_pending, sequence_pending)
       VALUES ('0123456789abcdef01234569', 'repeat-row', 'A', 'Again', 'a@example.com', '+14165550100', 1, 1, 1, $1, NULL, false, false, false),
              ('0123456789abcdef0123456a', 'merged-row', 'M', 'Erged', 'm@example.com', '+14165550101', 3, 1, 1, NULL, $1, false, false, false)`,
      [parent],
    );
    const [chartsAfter, dashboardAfter, firstContactAfter] = await read();
    expect(chartsAfter?.weeks).toEqual(charts?.weeks);
    expect(chartsAfter?.funnel).toEqual(charts?.funnel);
    expect(chartsAfter?.by_course_type).toEqual(charts?.by_course_type);
    expect(dashboardAfter?.by_stage).toEqual(dashboard?.by_stage);
    expect(dashboardAfter?.by_source).toEqual(dashboard?.by_source);
    expect(firstContactAfter).toEqual(firstContact);
  });
});
