/**
 * The next events beside a page's own content: a program's page (events covering that program)
 * and the calendar (beside its intakes). In the server's HTML and hydrated from the answer the
 * page carries, so the first view makes no call (issue 31); the server renders such a page again
 * when events change (server/pages/event-freshness.ts). The list does not follow the calendar's
 * filters (they are about intakes), so it never loads anything after the page.
 */
import { Link } from 'wouter';
import { eventPaths } from '../../../../src/events-contract';
import { siteApi } from '../../../lib/api';
import { useApi } from '../../../lib/useApi';
import { EventList } from './EventCard';
import { coversProgram } from './eventFilters';

interface UpcomingEventsProps {
  /** Only events covering this course id (events for every program included). */
  courseId?: string;
  /** At most this many. */
  limit: number;
  title: string;
}

export function UpcomingEvents({ courseId, limit, title }: UpcomingEventsProps) {
  const state = useApi(siteApi.events());
  // A list beside the page's own content: while loading (after client navigation) or on failure it simply does not show.
  const all = state.status === 'ready' ? state.data.events : [];
  const events = all.filter((event) => !courseId || coversProgram(event, courseId)).slice(0, limit);
  const listHref = courseId ? `${eventPaths.listPage}?program=${encodeURIComponent(courseId)}` : eventPaths.listPage;
  return (
    <section className="content-section upcoming-events" aria-labelledby="upcoming-events-title">
      <h2 id="upcoming-events-title">{title}</h2>
      {state.status === 'ready' && events.length === 0 && <p>No information sessions or open houses are scheduled at the moment.</p>}
      {events.length > 0 && <EventList events={events} headingLevel={3} />}
      <p>
        <Link href={listHref}>All information sessions and open houses</Link>
      </p>
    </section>
  );
}
