/**
 * The two-day cooling-off of a career-college contract (requirements R-cooling-off): the student
 * may cancel by written notice within two days of receiving a copy of the signed contract.
 *
 * How "two days" is counted, as Ontario's Legislation Act, 2006, s. 89 counts a period of days
 * in an Act or regulation: the day of receipt is not counted, the last day is, and the period
 * runs to the end of that day (midnight, Toronto time). When the last day is a day the college's
 * office is closed (Saturday, Sunday, a statutory holiday or the weekday given for one), the
 * period runs to the end of the next day it is open: the Act's holiday rule (s. 88) extends over
 * Sundays and holidays; we extend over Saturdays too, because a notice on paper can only be
 * received when the office is open, and a longer period only ever favours the student.
 * Days are Toronto calendar days, so a daylight-saving change makes one of them 23 or 25 hours.
 */
import { torontoInstant } from '../../src/college-time';
import { dayOf, isBusinessDay, plusDays } from '../time/business-hours';

export const COOLING_OFF_DAYS = 2;

/** The instant the cooling-off ends (exclusive): midnight after its last day, Toronto time. */
export function coolingOffEndsAt(copyDeliveredAt: Date): Date {
  let last = plusDays(dayOf(copyDeliveredAt), COOLING_OFF_DAYS);
  while (!isBusinessDay(last)) last = plusDays(last, 1);
  const next = plusDays(last, 1);
  return torontoInstant(next.year, next.month, next.day);
}

/** Whether a cancellation at `at` is within the cooling-off (a copy not yet delivered: always). */
export function withinCoolingOff(endsAt: Date | null, at: Date): boolean {
  return endsAt === null || at < endsAt;
}
