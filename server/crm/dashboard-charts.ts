/**
 * The dashboard's charts: leads per week for 12 weeks by source, the stage funnel, leads by course
 * type and by course, and the activity counts. Weeks are college weeks (Monday 00:00 in Toronto),
 * computed here and passed as bounds, so every count is a range scan on leads_created_idx.
 */
import type { Queryable } from '../db/database';
import type { Catalogue } from '../catalogue/catalogue';
import type { DashboardCharts } from '../../src/crm-contract';
import { COURSE_TYPES, LEAD_SOURCES, LEAD_STAGES } from '../../src/lookups';
import { NEED_ADVICE_COURSE_ID } from '../../src/contract';
import { toTorontoLocalInput, torontoDayStart } from '../../src/college-time';
import { activityCounts } from './activities-store';
import { NEED_ADVICE_COURSE_NAME } from './staff-lead';

export const CHART_WEEKS = 12;
const TOP_COURSES = 10;

/** Monday 00:00 (Toronto) of the week `weeksBack` weeks before the one containing `now`. */
export function weekStart(now: Date, weeksBack = 0): Date {
  const [y, m, d] = toTorontoLocalInput(now).slice(0, 10).split('-').map(Number) as [number, number, number];
  const mondayOffset = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
  return torontoDayStart(now, -mondayOffset - 7 * weeksBack);
}

export async function dashboardCharts(db: Queryable, catalogue: Catalogue, meId: string, now = new Date()): Promise<DashboardCharts> {
  const starts = Array.from({ length: CHART_WEEKS }, (_, i) => weekStart(now, CHART_WEEKS - 1 - i));
  const ends = [...starts.slice(1), weekStart(now, -1)];
  const [weekly, funnel, types, courses, mine, everyone] = await Promise.all([
    db.query<{ i: string; source: number; n: string }>(
      `SELECT w.i, l.source, count(*) AS n
         FROM unnest($1::timestamptz[], $2::timestamptz[]) WITH ORDINALITY AS w(starts, ends, i)
         JOIN leads l ON l.created_at >= w.starts AND l.created_at < w.ends
        GROUP BY w.i, l.source`,
      [starts, ends],
    ),
    db.query<{ stage: number; n: string }>('SELECT stage, count(*) AS n FROM leads GROUP BY stage'),
    db.query<{ course_type: number | null; n: string }>('SELECT course_type, count(*) AS n FROM leads GROUP BY course_type'),
    db.query<{ course_id: string; course_name: string | null; n: string }>(
      `SELECT l.course_id, max(c.course_name) AS course_name, count(*) AS n
         FROM leads l LEFT JOIN courses c ON c.id = l.course_id
        WHERE l.course_id IS NOT NULL GROUP BY l.course_id ORDER BY count(*) DESC, l.course_id LIMIT ${TOP_COURSES}`,
    ),
    activityCounts(db, meId, now),
    activityCounts(db, null, now),
  ]);
  const perWeek = new Map(weekly.rows.map((r) => [`${r.i}:${r.source}`, Number(r.n)]));
  const stages = new Map(funnel.rows.map((r) => [r.stage, Number(r.n)]));
  const byType = new Map(types.rows.map((r) => [r.course_type, Number(r.n)]));
  return {
    weeks: starts.map((start, index) => ({
      week_start: toTorontoLocalInput(start).slice(0, 10),
      // WITH ORDINALITY counts from 1.
      by_source: LEAD_SOURCES.map(({ id }) => ({ source: id, count: perWeek.get(`${index + 1}:${id}`) ?? 0 })),
    })),
    funnel: LEAD_STAGES.map(({ id }) => ({ stage: id, count: stages.get(id) ?? 0 })),
    by_course_type: [...COURSE_TYPES.map(({ id }) => id), null].map((id) => ({ course_type: id, count: byType.get(id) ?? 0 })),
    by_course: courses.rows.map((row) => {
      const id = row.course_id.trim();
      const name = id === NEED_ADVICE_COURSE_ID ? NEED_ADVICE_COURSE_NAME : catalogue.courseById(id)?.course_name ?? row.course_name ?? id;
      return { course_id: id, course_name: name, count: Number(row.n) };
    }),
    activities: { mine, everyone },
  };
}
