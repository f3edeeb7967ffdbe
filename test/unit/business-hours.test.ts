import fc from 'fast-check';
import {
  addBusinessDays,
  addBusinessHours,
  businessHoursBetween,
  isBusinessTime,
  nextBusinessTime,
} from '../../server/time/business-hours';
import { torontoInstant } from '../../src/college-time';

const at = (y: number, m: number, d: number, h = 0, min = 0) => torontoInstant(y, m, d, h, min);
const iso = (date: Date) => date.toISOString();

describe('business hours (9:00-17:00 America/Toronto, Monday to Friday, Ontario statutory holidays)', () => {
  test('hours, weekends and the edges of the day', () => {
    expect(isBusinessTime(at(2026, 11, 25, 9))).toBe(true); // a Wednesday
    expect(isBusinessTime(at(2026, 11, 25, 16, 59))).toBe(true);
    expect(isBusinessTime(at(2026, 11, 25, 17))).toBe(false);
    expect(isBusinessTime(at(2026, 11, 25, 8, 59))).toBe(false);
    expect(isBusinessTime(at(2026, 11, 28, 12))).toBe(false); // Saturday
    expect(iso(nextBusinessTime(at(2026, 11, 27, 18)))).toBe(iso(at(2026, 11, 30, 9))); // Friday evening -> Monday
    const inside = at(2026, 11, 25, 10, 30);
    expect(nextBusinessTime(inside)).toBe(inside);
  });

  test('the nine statutory holidays are closed, Easter Monday, the Civic Holiday and Remembrance Day are not', () => {
    const closed: [number, number, number][] = [
      [2026, 1, 1],
      [2026, 2, 16],
      [2026, 4, 3],
      [2026, 5, 18],
      [2026, 7, 1],
      [2026, 9, 7],
      [2026, 10, 12],
      [2026, 12, 25],
    ];
    for (const [y, m, d] of closed) expect([y, m, d, isBusinessTime(at(y, m, d, 12))]).toEqual([y, m, d, false]);
    expect(isBusinessTime(at(2026, 4, 6, 12))).toBe(true); // Easter Monday
    expect(isBusinessTime(at(2026, 8, 3, 12))).toBe(true); // Civic Holiday
    expect(isBusinessTime(at(2026, 11, 11, 12))).toBe(true); // Remembrance Day
    // Boxing Day 2026 is a Saturday: the Monday after is the substitute day off.
    expect(isBusinessTime(at(2026, 12, 28, 12))).toBe(false);
    expect(isBusinessTime(at(2026, 12, 29, 12))).toBe(true);
  });

  test('holidays on a weekend close the next free weekday (Christmas 2022 on a Sunday: Tuesday 27th)', () => {
    expect(isBusinessTime(at(2022, 12, 26, 12))).toBe(false); // Boxing Day
    expect(isBusinessTime(at(2022, 12, 27, 12))).toBe(false); // Christmas's substitute
    expect(isBusinessTime(at(2022, 12, 28, 12))).toBe(true);
    expect(isBusinessTime(at(2023, 7, 3, 12))).toBe(false); // Canada Day 2023 was a Saturday
  });

  test('adding hours skips nights, weekends and holidays', () => {
    // Friday 15:00 + 4 h = Monday 11:00.
    expect(iso(addBusinessHours(at(2026, 11, 27, 15), 4))).toBe(iso(at(2026, 11, 30, 11)));
    // Thursday 14:00 before Good Friday + 4 h = Monday (Easter Monday is a working day) 10:00.
    expect(iso(addBusinessHours(at(2026, 4, 2, 14), 4))).toBe(iso(at(2026, 4, 6, 10)));
    // Exactly to closing time: the next opening.
    expect(iso(addBusinessHours(at(2026, 11, 25, 9), 8))).toBe(iso(at(2026, 11, 26, 9)));
    expect(iso(addBusinessHours(at(2026, 11, 25, 22), 0))).toBe(iso(at(2026, 11, 26, 9)));
  });

  test('across the DST changes (8 March and 1 November 2026) a business day stays 8 hours', () => {
    // Friday 6 March 13:00 EST + 8 h = Monday 9 March 13:00 EDT.
    const spring = addBusinessHours(at(2026, 3, 6, 13), 8);
    expect(iso(spring)).toBe('2026-03-09T17:00:00.000Z');
    expect(businessHoursBetween(at(2026, 3, 6, 13), spring)).toBe(8);
    // Friday 30 October 13:00 EDT + 8 h = Monday 2 November 13:00 EST.
    const fall = addBusinessHours(at(2026, 10, 30, 13), 8);
    expect(iso(fall)).toBe('2026-11-02T18:00:00.000Z');
    expect(businessHoursBetween(at(2026, 10, 30, 13), fall)).toBe(8);
  });

  test('business days keep the time of day, moved into hours', () => {
    expect(iso(addBusinessDays(at(2026, 11, 27, 10, 15), 1))).toBe(iso(at(2026, 11, 30, 10, 15)));
    expect(iso(addBusinessDays(at(2026, 12, 24, 11), 1))).toBe(iso(at(2026, 12, 29, 11))); // Christmas, Boxing Day's substitute
    expect(iso(addBusinessDays(at(2026, 11, 25, 18), 2))).toBe(iso(at(2026, 11, 30, 9))); // Friday 18:00 -> Monday 9:00
    expect(iso(addBusinessDays(at(2026, 3, 6, 10), 1))).toBe(iso(at(2026, 3, 9, 10))); // across spring-forward
  });

  test('between: partial days, reversed and weekend-only ranges', () => {
    expect(businessHoursBetween(at(2026, 11, 25, 8), at(2026, 11, 25, 10, 30))).toBe(1.5);
    expect(businessHoursBetween(at(2026, 11, 25, 10), at(2026, 11, 24, 10))).toBe(0);
    expect(businessHoursBetween(at(2026, 11, 28, 8), at(2026, 11, 29, 20))).toBe(0);
    expect(businessHoursBetween(at(2026, 11, 23, 9), at(2026, 11, 30, 9))).toBe(40);
  });

  test('property: the result of adding hours is business time, and the hours between come back', () => {
    const start = Date.UTC(2021, 0, 1);
    const end = Date.UTC(2028, 0, 1);
    fc.assert(
      fc.property(fc.integer({ min: start, max: end }), fc.double({ min: 0, max: 200, noNaN: true }), (t, hours) => {
        const from = new Date(t);
        const result = addBusinessHours(from, hours);
        expect(isBusinessTime(result)).toBe(true);
        expect(Math.abs(businessHoursBetween(from, result) - hours)).toBeLessThan(1e-6);
        expect(result.getTime()).toBeGreaterThanOrEqual(from.getTime());
      }),
      { numRuns: 300 },
    );
  });
});
