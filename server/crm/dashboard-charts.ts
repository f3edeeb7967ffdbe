/**
 * The dashboard's charts: leads per week for 12 weeks by source, the stage funnel, leads by course
 * type and by course, and the activity counts. Weeks are college weeks (Monday 00:00 in Toronto),
 * computed here and passed as bounds, so the weekly counts are one range scan of leads_newest_idx (it
 * carries the source); the all-time counts come from lead_tallies (migration 025). Like the tallies and
 * the 30-day counts, the weeks count listed leads only: a repeat inquiry is counted on the lead it
 * joined and a merged-away lead on the kept one (issue 23), so neither is a new lead twice.
 */
import type { Queryable } from '../db/database';
import type { Catalogue } from '../catalogue/catalogue';
import type { DashboardCharts } from '../../src/crm-contract';
import { COURSE_TYPES, LEAD_SOURCES, LEAD_STAGES } from '../../src/lookups';
import { NEED_ADVICE_COURSE_ID } from '../../src/contract';
import { toTorontoLocalInput, torontoDayStart } from '../../src/college-time';
import { activityCounts } from './activities-store';
import { NEED_ADVICE_COURSE_NAME } from './staff-lead';
import { tallyBy, topTalliedCourses } from './lead-tallies';
import { listedAs } from '../repeat/leads-by-origin';

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
  const end = weekStart(now, -1);
  const [weekly, funnel, types, courses, mine, everyone] = await Promise.all([
    // One range scan; width_bucket numbers the week each lead falls in from 1.
    db.query<{ i: string; source: number; n: string }>(
      `SELECT width_bucket(l.created_at, $1::timestamptz[]) AS i, l.source, count(*) AS n
         FROM leads l WHERE l.created_at >= $2 AND l.created_at < $3 AND ${listedAs('l')}
        GROUP BY 1, 2`,
      [starts, starts[0], end],
    ),
    tallyBy(db, 'stage'),
    tallyBy(db, 'course_type'),
    topTalliedCourses(db, TOP_COURSES).then(async (top) => {
      // Names of courses retired since (the catalogue knows active ones only).
      const names = await db.query<{ id: string; course_name: string }>(
        'SELECT id, course_name FROM courses WHERE id = ANY($1::char(24)[])',
        [top.map((row) => row.course_id)],
      );
      const byId = new Map(names.rows.map((row) => [row.id.trim(), row.course_name]));
      return top.map((row) => ({ ...row, course_name: byId.get(row.course_id) ?? null }));
    }),
    activityCounts(db, meId, now),
    activityCounts(db, null, now),
  ]);
  const perWeek = new Map(weekly.rows.map((r) => [`${r.i}:${r.source}`, Number(r.n)]));

  return {
    weeks: starts.map((start, index) => ({
      week_start: toTorontoLocalInput(start).slice(0, 10),
      by_source: LEAD_SOURCES.map(({ id }) => ({ source: id, count: perWeek.get(`${index + 1}:${id}`) ?? 0 })),
    })),
    funnel: LEAD_STAGES.map(({ id }) => ({ stage: id, count: funnel.get(id) ?? 0 })),
    // Tallies count "no course type" as 0.
    by_course_type: [...COURSE_TYPES.map(({ id }) => id), null].map((id) => ({ course_type: id, count: types.get(id ?? 0) ?? 0 })),
    by_course: courses.map((row) => {
      const id = row.course_id.trim();
      const name =
        id === NEED_ADVICE_COURSE_ID ? NEED_ADVICE_COURSE_NAME : (catalogue.courseById(id)?.course_name ?? row.course_name ?? id);
      return { course_id: id, course_name: name, count: row.n };
    }),
    activities: { mine, everyone },
  };
}
