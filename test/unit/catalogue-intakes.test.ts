import { planIntakes } from '../../server/db/seed/intakes';
import { SEED_COURSES } from '../../server/db/seed/catalogue-rows';
import { addDays, addMonths, nthWeekdayOfMonth, parseIso, todayIso } from '../../server/catalogue/dates';

const idOf = (slug: string) => `id:${slug}`;

describe('intake planning', () => {
  const today = '2026-11-22';
  const plan = planIntakes(SEED_COURSES, idOf, today);

  test('every course has intakes, all within the next twelve months', () => {
    for (const course of SEED_COURSES) expect(plan.some((i) => i.courseId === idOf(course.slug))).toBe(true);
    expect(plan.every((i) => i.startDate >= today && i.startDate <= addMonths(today, 12))).toBe(true);
    expect(plan.every((i) => i.endDate >= i.startDate)).toBe(true);
  });

  test('part-time courses start monthly, full-time programs every other month', () => {
    const ccna = plan.filter((i) => i.courseId === idOf('ccna'));
    expect(ccna.length).toBeGreaterThanOrEqual(12);
    const diploma = plan.filter((i) => i.courseId === idOf('network-specialist-diploma'));
    expect(diploma.length).toBeGreaterThanOrEqual(6);
    expect(diploma.length).toBeLessThanOrEqual(7);
  });

  test('plans made on different days agree on the dates and ids they share', () => {
    const later = planIntakes(SEED_COURSES, idOf, addDays(today, 40));
    const ids = new Set(plan.map((i) => i.id));
    const shared = later.filter((i) => ids.has(i.id));
    expect(shared.length).toBeGreaterThan(plan.length * 0.7);
    for (const intake of shared) expect(plan.find((i) => i.id === intake.id)).toEqual(intake);
  });

  test('class patterns start on their weekday and end on the right day', () => {
    const weekend = plan.find((i) => i.courseId === idOf('comptia-security-plus'));
    expect(parseIso(weekend!.startDate).getUTCDay()).toBe(6);
    expect(parseIso(weekend!.endDate).getUTCDay()).toBe(0);
    const evening = plan.find((i) => i.courseId === idOf('ccna'));
    expect(parseIso(evening!.startDate).getUTCDay()).toBe(2);
    expect(evening!.schedule).toBe('Tue & Thu 18:00-21:30');
    const oneDay = plan.find((i) => i.courseId === idOf('ms-900-microsoft-365-fundamentals'));
    expect(oneDay!.endDate).toBe(oneDay!.startDate);
  });
});

describe('college dates', () => {
  test('today is Toronto’s date, not UTC’s', () => {
    expect(todayIso(new Date('2026-11-22T03:00:00Z'))).toBe('2026-11-21');
    expect(todayIso(new Date('2026-11-22T06:00:00Z'))).toBe('2026-11-22');
  });
  test('nth weekday of a month', () => {
    expect(nthWeekdayOfMonth(2026, 11, 1, 1)).toBe('2026-12-07');
    expect(nthWeekdayOfMonth(2027, 0, 6, 2)).toBe('2027-01-09');
  });
});
