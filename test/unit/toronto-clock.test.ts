/**
 * The site's ICU-free Toronto clock (site/public/pages/events/torontoClock.ts) against ICU's
 * America/Toronto (src/college-time.ts's wallTime): every quarter hour of the days around each
 * change of clocks from 2024 to 2040, and every hour of a whole year.
 */
import { wallTime } from '../../src/college-time';
import { torontoWallTime } from '../../site/public/pages/events/torontoClock';

const QUARTER_HOUR = 15 * 60_000;
const DAY = 86_400_000;

function disagreements(from: number, to: number, step: number): string[] {
  const found: string[] = [];
  for (let time = from; time < to; time += step) {
    const instant = new Date(time);
    if (JSON.stringify(torontoWallTime(instant)) !== JSON.stringify(wallTime(instant))) found.push(instant.toISOString());
  }
  return found;
}

describe('Toronto wall time without ICU', () => {
  test('agrees with ICU around every change of clocks, 2024-2040', () => {
    const found: string[] = [];
    for (let year = 2024; year <= 2040; year += 1) {
      // The spring change falls between March 8 and 14, the autumn one between November 1 and 7.
      found.push(...disagreements(Date.UTC(year, 2, 7), Date.UTC(year, 2, 16), QUARTER_HOUR));
      found.push(...disagreements(Date.UTC(year, 9, 31), Date.UTC(year, 10, 9), QUARTER_HOUR));
    }
    expect(found).toEqual([]);
  });

  test('agrees with ICU every hour of a year, seconds included', () => {
    expect(disagreements(Date.UTC(2026, 0, 1), Date.UTC(2027, 0, 1) + DAY, 3_600_000 + 1_001)).toEqual([]);
  });
});
