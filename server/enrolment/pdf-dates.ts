/**
 * Dates as the college's PDFs print them: calendar days written out ("January 12, 2027") and
 * instants in Toronto time with the UTC instant beside it, so a signature's time reads the same
 * wherever the document is opened. Fixed locale and zone: the same input prints the same text.
 */
import { COLLEGE_TIME_ZONE } from '../../src/college-time';

const DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });
const TORONTO_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: COLLEGE_TIME_ZONE, year: 'numeric', month: 'long', day: 'numeric' });
const TORONTO = new Intl.DateTimeFormat('en-CA', {
  timeZone: COLLEGE_TIME_ZONE,
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
  timeZoneName: 'short',
});

/** "January 12, 2027" from "2027-01-12". */
export const longDate = (isoDay: string): string => DAY.format(new Date(`${isoDay}T00:00:00Z`));

/** The Toronto calendar day of an instant, written out. */
export const torontoDay = (at: Date): string => TORONTO_DAY.format(at);

/** "January 12, 2027, 3:04:05 p.m. EST (Toronto time); 2027-01-12 20:04:05 UTC". */
export function torontoAndUtc(at: Date): string {
  const utc = at
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, ' UTC');
  return `${TORONTO.format(at)} (Toronto time); ${utc}`;
}
