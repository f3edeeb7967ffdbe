/** The kinds of events (issue 24), a value the browser uses too: kept apart from the zod schemas. */
export const EVENT_KINDS = [
  { id: 'info_session', title: 'Information session' },
  { id: 'open_house', title: 'Open house' },
  { id: 'campus_tour', title: 'Campus tour' },
  { id: 'webinar', title: 'Webinar' },
] as const;
export type EventKind = (typeof EVENT_KINDS)[number]['id'];
