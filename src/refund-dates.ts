/**
 * Refunds' days as people read them (issue 34), in Toronto whatever the reader's zone: a due date
 * ("December 28, 2026"), and the Toronto calendar day of an instant (the daily reminder's key).
 * Shared by the server (timeline, reminder mail) and the CRM's Refunds page.
 */
import { COLLEGE_TIME_ZONE } from './college-time';

const DATE = new Intl.DateTimeFormat('en-CA', { timeZone: COLLEGE_TIME_ZONE, year: 'numeric', month: 'long', day: 'numeric' });
const DAY_KEY = new Intl.DateTimeFormat('en-CA', { timeZone: COLLEGE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** "December 28, 2026" (Toronto). */
export const formatTorontoDate = (at: Date | string): string => DATE.format(new Date(at));

/** "2026-12-28": the Toronto calendar day of an instant (en-CA writes ISO order). */
export const torontoDayKey = (at: Date): string => DAY_KEY.format(at);
