/** The kinds of events (issue 24), a value the browser uses too: kept apart from the zod schemas. */
export const EVENT_KINDS = [
  { id: 'info_session', title: 'Information session' },
  { id: 'open_house', title: 'Open house' },
  { id: 'campus_tour', title: 'Campus tour' },
  { id: 'webinar', title: 'Webinar' },
] as const;
export type EventKind = (typeof EVENT_KINDS)[number]['id'];

/**
 * What a registration's step on a lead's timeline says (lead_events kind `event`); `released`: the
 * address never confirmed the registration within its hold (server/events/seat-holds.ts).
 */
export const EVENT_TIMELINE_ACTIONS = [
  'registered',
  'waitlisted',
  'promoted',
  'cancelled',
  'event_cancelled',
  'attended',
  'no_show',
  'released',
] as const;
export type EventTimelineAction = (typeof EVENT_TIMELINE_ACTIONS)[number];
