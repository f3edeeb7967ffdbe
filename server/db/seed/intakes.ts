/**
 * The intake calendar, derived from the calendar itself (e.g. "the first Tuesday of each month"),
 * so that planning on any day gives the same dates and ids for the months two runs share. Each
 * start tops the calendar up to twelve months ahead; existing intakes are never touched.
 */
import type { DurationUnitId } from '../../../src/lookups';
import { addDays, addMonths, nthWeekdayOfMonth, parseIso } from '../../catalogue';
import { seedId } from './ids';
import type { ClassPattern, SeedCourse } from './types';

interface PatternRule {
  weekday: number; // 0 Sunday … 6 Saturday
  nth: number; // which one in the month
  /** Start every `everyMonths` months (full-time programs start every other month). */
  everyMonths: number;
  schedule: string;
  hoursPerWeek: number;
  daysPerWeek: number;
  /** Days from the first class day of a week to its last. */
  lastDayOffset: number;
}

const RULES: Record<ClassPattern, PatternRule> = {
  daytime: { weekday: 1, nth: 1, everyMonths: 2, schedule: 'Mon-Fri 9:00-15:00', hoursPerWeek: 30, daysPerWeek: 5, lastDayOffset: 4 },
  evening: { weekday: 2, nth: 1, everyMonths: 1, schedule: 'Tue & Thu 18:00-21:30', hoursPerWeek: 7, daysPerWeek: 2, lastDayOffset: 2 },
  weekend: { weekday: 6, nth: 2, everyMonths: 1, schedule: 'Sat & Sun 9:00-16:00', hoursPerWeek: 14, daysPerWeek: 2, lastDayOffset: 1 },
};

export interface PlannedIntake {
  id: string;
  courseId: string;
  startDate: string;
  endDate: string;
  schedule: string;
  deliveryMode: number;
}

function weeksOf(duration: number, unit: DurationUnitId, rule: PatternRule): number {
  switch (unit) {
    case 5:
      return Math.ceil(duration / rule.hoursPerWeek);
    case 1:
      return Math.ceil(duration / rule.daysPerWeek);
    case 2:
      return duration;
    case 3:
      return Math.round((duration * 52) / 12);
    case 4:
      return duration * 52;
  }
}

function endDateOf(start: string, course: SeedCourse, rule: PatternRule): string {
  const weeks = weeksOf(course.duration, course.duration_unit, rule);
  const lastDay = course.duration_unit === 1 && course.duration < rule.daysPerWeek ? course.duration - 1 : rule.lastDayOffset;
  return addDays(start, (weeks - 1) * 7 + lastDay);
}

/** Intakes starting from `today` up to twelve months ahead, for the given (active) courses. */
export function planIntakes(courses: readonly SeedCourse[], courseIdOf: (slug: string) => string, today: string): PlannedIntake[] {
  const horizon = addMonths(today, 12);
  const base = parseIso(today);
  const planned: PlannedIntake[] = [];
  courses.forEach((course, index) => {
    const rule = RULES[course.pattern];
    for (let i = 0; i <= 12; i++) {
      const year = base.getUTCFullYear() + Math.floor((base.getUTCMonth() + i) / 12);
      const month = (base.getUTCMonth() + i) % 12;
      // Staggered by course so that not every program starts in the same month.
      if ((year * 12 + month + index) % rule.everyMonths !== 0) continue;
      const start = nthWeekdayOfMonth(year, month, rule.weekday, rule.nth);
      if (start < today || start > horizon) continue;
      planned.push({
        id: seedId(`intake:${course.slug}:${start}`),
        courseId: courseIdOf(course.slug),
        startDate: start,
        endDate: endDateOf(start, course, rule),
        schedule: rule.schedule,
        deliveryMode: course.delivery_mode,
      });
    }
  });
  return planned;
}
