import { dueRange, fromTorontoLocalInput, toTorontoLocalInput, torontoDayStart, torontoInstant } from '../../src/college-time';
import { DUE_FILTERS, DUE_FILTERS_SHORT } from '../../src/lookups';

const filter = (id: number) => {
  const found = DUE_FILTERS.find((f) => f.id === id);
  if (!found) throw new Error(`no due filter ${id}`);
  return found;
};
const iso = (date: Date | null) => date?.toISOString() ?? null;

describe('the college day (America/Toronto)', () => {
  test('midnight in Toronto in winter (UTC-5) and summer (UTC-4)', () => {
    expect(iso(torontoInstant(2026, 1, 15))).toBe('2026-01-15T05:00:00.000Z');
    expect(iso(torontoInstant(2026, 7, 15))).toBe('2026-07-15T04:00:00.000Z');
  });

  test('late evening in Toronto is already tomorrow in UTC, but still today for the college', () => {
    // 23:30 in Toronto on 24 November = 04:30 UTC on the 25th.
    const now = new Date('2026-11-25T04:30:00Z');
    expect(iso(torontoDayStart(now))).toBe('2026-11-24T05:00:00.000Z');
    expect(iso(torontoDayStart(now, 1))).toBe('2026-11-25T05:00:00.000Z');
  });

  test('days across the DST changes are 23 and 25 hours long', () => {
    // Spring forward: 8 March 2026; fall back: 1 November 2026.
    const spring = torontoDayStart(new Date('2026-03-08T12:00:00Z'));
    expect(torontoDayStart(spring, 1).getTime() - spring.getTime()).toBe(23 * 3_600_000);
    const fall = torontoDayStart(new Date('2026-11-01T12:00:00Z'));
    expect(torontoDayStart(fall, 1).getTime() - fall.getTime()).toBe(25 * 3_600_000);
  });

  test('datetime-local values are read and written as Toronto wall time', () => {
    const instant = fromTorontoLocalInput('2026-11-24T15:30');
    expect(iso(instant)).toBe('2026-11-24T20:30:00.000Z');
    expect(toTorontoLocalInput(new Date('2026-07-01T13:05:00Z'))).toBe('2026-07-01T09:05');
    for (const bad of ['', '2026-11-24', '2026-13-01T10:00', '2026-11-24T25:00', 'yesterday']) {
      expect(fromTorontoLocalInput(bad)).toBeNull();
    }
  });

  test('every due filter of the seed, with a fixed clock at 23:30 Toronto time', () => {
    const now = new Date('2026-11-25T04:30:00Z'); // Tuesday 24 November, 23:30 in Toronto
    const day = (d: number) => `2026-11-${String(d).padStart(2, '0')}T05:00:00.000Z`;
    const ranges = Object.fromEntries(
      DUE_FILTERS.map((f) => {
        const r = dueRange(f, now);
        return [f.title, [iso(r.from), iso(r.to), r.openOnly]];
      }),
    );
    expect(ranges).toEqual({
      Overdue: [null, now.toISOString(), true],
      Yesterday: [day(23), day(24), false],
      Today: [day(24), day(25), false],
      Tomorrow: [day(25), day(26), false],
      'This Week': [day(24), '2026-12-01T05:00:00.000Z', false],
      'Next Week': ['2026-12-01T05:00:00.000Z', '2026-12-08T05:00:00.000Z', false],
      'This Month': [day(24), '2026-12-24T05:00:00.000Z', false],
    });
    expect(filter(10).offset).toBe(-1);
  });

  test('the short variant has no Overdue and no Tomorrow, and keeps the seed ids', () => {
    expect(DUE_FILTERS_SHORT.map((f) => [f.id, f.title])).toEqual([
      [3, 'Yesterday'],
      [1, 'Today'],
      [4, 'This Week'],
      [5, 'Next Week'],
      [6, 'This Month'],
    ]);
  });
});
