/**
 * The site formats dates and sorts names without ICU (its first use costs a phone ~250 ms of
 * blocking time); the text and the order must stay what Intl and localeCompare give.
 */
import { formatDate, formatMonth } from '../../site/lib/courses';
import { compareText } from '../../site/lib/compare';
import { SEED_COURSES } from '../../server/db/seed/catalogue-rows';
import { FULL_TIME_CATEGORIES, PART_TIME_CATEGORIES } from '../../server/db/seed/categories';

const intlDate = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
const intlMonth = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: 'long', timeZone: 'UTC' });

describe('course dates', () => {
  it('writes every day of 2024-2031 as Intl en-CA does', () => {
    for (let day = Date.UTC(2024, 0, 1); day < Date.UTC(2032, 0, 1); day += 86_400_000) {
      const iso = new Date(day).toISOString().slice(0, 10);
      expect(formatDate(iso)).toBe(intlDate.format(new Date(day)));
    }
  });

  it('writes months as Intl en-CA does', () => {
    for (let month = 1; month <= 12; month += 1) {
      const value = `2026-${String(month).padStart(2, '0')}`;
      expect(formatMonth(value)).toBe(intlMonth.format(new Date(Date.UTC(2026, month - 1, 1))));
    }
  });

  it('returns what it cannot read unchanged', () => {
    expect(formatDate('soon')).toBe('soon');
    expect(formatDate('2026-13-01')).toBe('2026-13-01');
    expect(formatMonth('2026-00')).toBe('2026-00');
  });

  it('orders catalogue names as localeCompare does', () => {
    const names = [
      ...SEED_COURSES.map((course) => course.course_name),
      ...[...FULL_TIME_CATEGORIES, ...PART_TIME_CATEGORIES].flatMap((category) => [
        category.name,
        ...(category.subs ?? []).map((sub) => sub.name),
      ]),
      'iOS development',
      'IT Support',
      'A+ Core 1',
      'a+ core 1',
    ];
    expect([...names].sort(compareText)).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });
});
