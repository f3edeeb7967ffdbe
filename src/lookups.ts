/**
 * The business lookup lists of requirements R-lookups, as typed constants. They are business constants: the
 * server validates against them, the widget and the CRM render their labels.
 */

export interface Lookup<Id extends number = number> {
  readonly id: Id;
  readonly title: string;
}

export const LEAD_STAGES = [
  { id: 1, title: 'New Lead' },
  { id: 2, title: 'Hot Lead' },
  { id: 3, title: 'Warm Lead' },
  { id: 4, title: 'Cold Lead' },
  { id: 5, title: 'Prospective student' },
  { id: 6, title: 'Current Student' },
  { id: 7, title: 'Past Student' },
  { id: 8, title: 'Other' },
] as const satisfies readonly Lookup[];
export type LeadStageId = (typeof LEAD_STAGES)[number]['id'];

export const STATUSES = [
  { id: 1, title: 'Active' },
  { id: 2, title: 'Inactive' },
] as const satisfies readonly Lookup[];
export type StatusId = (typeof STATUSES)[number]['id'];

export const DURATION_UNITS = [
  { id: 5, title: 'Hour' },
  { id: 1, title: 'Day' },
  { id: 2, title: 'Week' },
  { id: 3, title: 'Month' },
  { id: 4, title: 'Year' },
] as const satisfies readonly Lookup[];
export type DurationUnitId = (typeof DURATION_UNITS)[number]['id'];

export const COURSE_TYPES = [
  { id: 1, title: 'Full Time' },
  { id: 2, title: 'Part Time' },
  { id: 3, title: 'Others' },
] as const satisfies readonly Lookup[];
export type CourseTypeId = (typeof COURSE_TYPES)[number]['id'];

/** The inquiry form's Course Type options: the fixed list without id 3 (requirements R-course-types). */
export const INQUIRY_COURSE_TYPES = COURSE_TYPES.filter((t) => t.id !== 3);

export const ACTIVITY_TYPES = [
  { id: 1, title: 'Call' },
  { id: 2, title: 'Email' },
  { id: 3, title: 'Meeting' },
  { id: 4, title: 'Task' },
] as const satisfies readonly Lookup[];
export type ActivityTypeId = (typeof ACTIVITY_TYPES)[number]['id'];

export const DELIVERY_MODES = [
  { id: 1, title: 'On Campus' },
  { id: 2, title: 'Online' },
] as const satisfies readonly Lookup[];
export type DeliveryModeId = (typeof DELIVERY_MODES)[number]['id'];

export interface DueFilter extends Lookup {
  /** Offset in days from today. */
  readonly offset: number;
}

export const DUE_FILTERS = [
  { id: 10, title: 'Overdue', offset: -1 },
  { id: 3, title: 'Yesterday', offset: -1 },
  { id: 1, title: 'Today', offset: 0 },
  { id: 2, title: 'Tomorrow', offset: 1 },
  { id: 4, title: 'This Week', offset: 7 },
  { id: 5, title: 'Next Week', offset: 14 },
  { id: 6, title: 'This Month', offset: 30 },
] as const satisfies readonly DueFilter[];

/** The shorter variant of the due filters: without Overdue and Tomorrow. */
// Pure: the widget's loader imports this module for other lists and must not carry this one.
export const DUE_FILTERS_SHORT = /* @__PURE__ */ DUE_FILTERS.filter((f) => f.id !== 10 && f.id !== 2);

/** Lead sources (requirements R-lead-source): 1 website (default), 3 search-ad click id, 4 social-ad click id. */
export const LEAD_SOURCES = [
  { id: 1, title: 'Website' },
  { id: 3, title: 'Search ad' },
  { id: 4, title: 'Social ad' },
] as const satisfies readonly Lookup[];

/** Lead locations (requirements R-inquiry-form "Apply As"). */
export const LOCATIONS = [
  { id: 1, title: 'Local Student' },
  { id: 2, title: 'International Student' },
] as const satisfies readonly Lookup[];

/** The title of an id in a lookup list, or '' when the id is not in it. */
export function lookupTitle(list: readonly Lookup[], id: number | null | undefined): string {
  return list.find((entry) => entry.id === id)?.title ?? '';
}

export function isLookupId<L extends readonly Lookup[]>(list: L, id: unknown): id is L[number]['id'] {
  return typeof id === 'number' && list.some((entry) => entry.id === id);
}
