/**
 * Enrolment's instants as people read them (issue 34), always in Toronto time whatever the
 * reader's zone: "Thursday, November 26, 2026 at 11:59 p.m. (Toronto time)", and a refund's due
 * day, "December 28, 2026". Shared by the server's mails, timeline and PDFs, the portal and the CRM.
 */
import { COLLEGE_TIME_ZONE, formatLongDay, torontoDate } from './college-time';

const FORMAT = new Intl.DateTimeFormat('en-CA', {
  timeZone: COLLEGE_TIME_ZONE,
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

export function torontoDateTimeText(at: Date | string): string {
  return `${FORMAT.format(new Date(at))} (Toronto time)`;
}

/** "December 28, 2026": the Toronto calendar day of an instant, in words. */
export const formatTorontoDate = (at: Date | string): string => formatLongDay(torontoDate(new Date(at)));

/** The last minute a student may cancel, as shown: a deadline at midnight reads "11:59 p.m." of the day before. */
export function coolingOffDeadlineText(endsAt: Date | string): string {
  return torontoDateTimeText(new Date(new Date(endsAt).getTime() - 60_000));
}
