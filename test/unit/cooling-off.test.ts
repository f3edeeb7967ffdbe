/**
 * The two-day cooling-off (requirements R-cooling-off): counted in Toronto calendar days from the
 * day after the copy's delivery, to midnight after the second day, moved past days the office is
 * closed; across a weekend, a holiday and both daylight-saving changes.
 */
import { coolingOffEndsAt, withinCoolingOff } from '../../server/enrolment/cooling-off';
import { torontoInstant } from '../../src/college-time';

const toronto = (y: number, m: number, d: number, h = 0, min = 0) => torontoInstant(y, m, d, h, min);

describe('cooling-off deadline', () => {
  it('ends at midnight after the second day following delivery, on weekdays', () => {
    // Monday 10:00 → Tuesday (1), Wednesday (2) → ends Thursday 00:00 Toronto.
    expect(coolingOffEndsAt(toronto(2026, 11, 23, 10)).toISOString()).toBe('2026-11-26T05:00:00.000Z');
  });

  it('counts the Toronto day of delivery, not the UTC one', () => {
    // 03:00 UTC on the 24th is 22:00 on Monday the 23rd in Toronto.
    expect(coolingOffEndsAt(new Date('2026-11-24T03:00:00Z')).toISOString()).toBe('2026-11-26T05:00:00.000Z');
  });

  it('runs past a weekend to the end of the next open day', () => {
    // Thursday → Friday (1), Saturday (2, closed) → Sunday closed → Monday → ends Tuesday 00:00.
    expect(coolingOffEndsAt(toronto(2026, 11, 26, 15)).toISOString()).toBe('2026-12-01T05:00:00.000Z');
    // Friday → Saturday (1), Sunday (2, closed) → Monday.
    expect(coolingOffEndsAt(toronto(2026, 11, 27, 9)).toISOString()).toBe('2026-12-01T05:00:00.000Z');
  });

  it('runs past statutory holidays and their substitute days', () => {
    // Wednesday 23 December 2026 → Thursday (1), Christmas Friday (2) → Saturday, Sunday, Monday 28
    // (Boxing Day's weekday) → Tuesday 29 → ends Wednesday 30 00:00 EST.
    expect(coolingOffEndsAt(toronto(2026, 12, 23, 12)).toISOString()).toBe('2026-12-30T05:00:00.000Z');
  });

  it('counts calendar days across the fall-back change (a 25-hour Sunday)', () => {
    // Thursday 29 October 2026 23:30 EDT → Friday (1), Saturday (2) → Sunday 1 Nov (clocks back) →
    // Monday → ends Tuesday 3 November 00:00 EST (05:00 UTC), not 04:00.
    const delivered = toronto(2026, 10, 29, 23, 30);
    expect(delivered.toISOString()).toBe('2026-10-30T03:30:00.000Z');
    expect(coolingOffEndsAt(delivered).toISOString()).toBe('2026-11-03T05:00:00.000Z');
  });

  it('counts calendar days across the spring-forward change (a 23-hour Sunday)', () => {
    // Thursday 5 March 2026 → ... → Monday 9 March → ends Tuesday 10 March 00:00 EDT (04:00 UTC).
    expect(coolingOffEndsAt(toronto(2026, 3, 5, 16)).toISOString()).toBe('2026-03-10T04:00:00.000Z');
  });

  it('lets the student cancel until the last millisecond, not at the deadline', () => {
    const ends = coolingOffEndsAt(toronto(2026, 11, 23, 10));
    expect(withinCoolingOff(ends, new Date(ends.getTime() - 1))).toBe(true);
    expect(withinCoolingOff(ends, ends)).toBe(false);
    expect(withinCoolingOff(null, new Date('2099-01-01'))).toBe(true);
  });
});
