/**
 * A signature's instant as the college's PDFs print it: Toronto time with the UTC instant beside
 * it, so it reads the same wherever the document is opened. Fixed locale and zone: the same input
 * prints the same text. (Calendar days are written by src/college-time.ts and src/enrolment-time.ts.)
 */
import { COLLEGE_TIME_ZONE } from '../../src/college-time';

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

/** "January 12, 2027, 3:04:05 p.m. EST (Toronto time); 2027-01-12 20:04:05 UTC". */
export function torontoAndUtc(at: Date): string {
  const utc = at
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, ' UTC');
  return `${TORONTO.format(at)} (Toronto time); ${utc}`;
}
