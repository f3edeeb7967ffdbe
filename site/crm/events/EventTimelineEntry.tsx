/** A lead's event entry on its timeline (issue 24): what happened, the event linked to its CRM page, and its Toronto date. */
import { Link } from 'wouter';
import type { TimelineEntry } from '../../../src/crm-contract';
import type { EventTimelineAction } from '../../../src/events-contract';
import { formatDate } from '../area/labels';

const WORDS: Record<EventTimelineAction, string> = {
  registered: 'Registered for',
  waitlisted: 'Waitlisted for',
  promoted: 'Promoted from the waitlist for',
  cancelled: 'Cancelled the registration for',
  event_cancelled: 'Event cancelled:',
  attended: 'Attended',
  no_show: 'Did not attend',
  released: 'Seat released (address not confirmed in time) for',
};

export function EventTimelineEntry({ entry }: { entry: Extract<TimelineEntry, { kind: 'event' }> }) {
  return (
    <p className="crm-timeline__what">
      {WORDS[entry.action]} <Link href={`/events/${entry.event.id}`}>{entry.event.title}</Link> ({formatDate(entry.event.starts_at)})
    </p>
  );
}
