/** How the CRM shows a stored lead's values: the seed §3 lookup labels, dates, yes/no. */
import { NEED_ADVICE_COURSE_ID, type StaffLead } from '../../../src/contract';
import { COURSE_TYPES, LEAD_SOURCES, LEAD_STAGES, LOCATIONS, lookupTitle } from '../../../src/lookups';

export const EMPTY = '—';

export const fullName = (lead: StaffLead) => `${lead.first_name} ${lead.last_name}`.trim();
export const stageLabel = (lead: StaffLead) => lookupTitle(LEAD_STAGES, lead.stage) || EMPTY;
export const sourceLabel = (lead: StaffLead) => lookupTitle(LEAD_SOURCES, lead.source) || EMPTY;
export const courseTypeLabel = (lead: StaffLead) => lookupTitle(COURSE_TYPES, lead.course_type) || EMPTY;
export const locationLabel = (lead: StaffLead) => lookupTitle(LOCATIONS, lead.location) || EMPTY;
export const financialAidLabel = (lead: StaffLead) => (lead.financial_aid ? 'Yes' : 'No');

export function courseLabel(lead: StaffLead): string {
  if (lead.course_name) return lead.course_name;
  // The seed's "need advice" choice is a course id of 24 zeros with no course behind it.
  if (lead.course_id === NEED_ADVICE_COURSE_ID) return 'Need advise with program choice';
  return EMPTY;
}

const dateTime = new Intl.DateTimeFormat('en-CA', { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('en-CA', { dateStyle: 'medium' });

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
