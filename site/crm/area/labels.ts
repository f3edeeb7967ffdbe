/** How the CRM shows a stored lead's values: the R-lookups lookup labels, dates, yes/no. */
import { NEED_ADVICE_COURSE_ID, type StaffLead } from '../../../src/contract';
import { COLLEGE_TIME_ZONE } from '../../../src/college-time';
import { COURSE_TYPES, LEAD_SOURCES, LEAD_STAGES, LOCATIONS, lookupTitle } from '../../../src/lookups';

export const EMPTY = '—';

export const fullName = (lead: StaffLead) => `${lead.first_name} ${lead.last_name}`.trim();
export const stageLabel = (lead: StaffLead) => lookupTitle(LEAD_STAGES, lead.stage) || EMPTY;
export const sourceLabel = (lead: StaffLead) => lookupTitle(LEAD_SOURCES, lead.source) || EMPTY;
export const courseTypeLabel = (lead: StaffLead) => lookupTitle(COURSE_TYPES, lead.course_type) || EMPTY;
export const locationLabel = (lead: StaffLead) => lookupTitle(LOCATIONS, lead.location) || EMPTY;
/** The form asks about financial aid only of local students: for others it was never asked. */
export const financialAidAsked = (lead: StaffLead) => lead.location === 1;
export const financialAidLabel = (lead: StaffLead) => (financialAidAsked(lead) ? (lead.financial_aid ? 'Yes' : 'No') : 'Not asked');
/** Every lead so far comes from the inquiry form (lead_type 1); the seed names no other type. */
export const leadTypeLabel = (lead: StaffLead) => (lead.lead_type === 1 ? 'Inquiry form' : `Other (${lead.lead_type})`);
export const ownerLabel = (lead: StaffLead) => lead.owner_name ?? 'Unassigned';

export function courseLabel(lead: StaffLead): string {
  if (lead.course_name) return lead.course_name;
  // The seed's "need advice" choice is a course id of 24 zeros with no course behind it.
  if (lead.course_id === NEED_ADVICE_COURSE_ID) return 'Need advise with program choice';
  return EMPTY;
}

// Times are shown in the college's time zone, wherever the browser is.
const dateTime = new Intl.DateTimeFormat('en-CA', { dateStyle: 'medium', timeStyle: 'short', timeZone: COLLEGE_TIME_ZONE });
const dateOnly = new Intl.DateTimeFormat('en-CA', { dateStyle: 'medium', timeZone: COLLEGE_TIME_ZONE });

export function formatDateTime(iso: string | null): string {
  if (!iso) return EMPTY;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

export function formatDate(iso: string | null): string {
  if (!iso) return EMPTY;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateOnly.format(date);
}

export const orEmpty = (value: string | null | undefined) => (value ? value : EMPTY);

/** Said beside an origin that is neither this site nor on PARTNER_ORIGINS: any client can send any Origin. */
export const REPORTED_ORIGIN_NOTE = 'reported by the browser, not a listed partner';
/** The lead's partner site: a known one as it is, any other with the note (issue 35). */
export const originLabel = (lead: StaffLead) =>
  !lead.origin ? EMPTY : lead.origin_known ? lead.origin : `${lead.origin} (${REPORTED_ORIGIN_NOTE})`;
