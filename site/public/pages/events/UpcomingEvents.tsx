/**
 * The next events beside a page's own content: a program's page (events covering that program)
 * and the calendar (beside its intakes). Loaded in the browser (see useClientApi.ts); the link to
 * the Events page is in the server's HTML, so a reader without JavaScript still finds them.
 */
import { Link } from 'wouter';
import { eventPaths } from '../../../../src/events-contract';
import { siteApi } from '../../../lib/api';
import { EventList } from './EventCard';
import { coversProgram } from './eventFilters';
import { useClientApi } from './useClientApi';

interface UpcomingEventsProps {
  /** Only events covering this course id (events for every program included). */
  courseId?: string;
  /** At most this many. */
  limit: number;
  title: string;
}

export function UpcomingEvents({ courseId, limit, title }: UpcomingEventsProps) {
  const answer = useClientApi(siteApi.events());
  const events = (answer?.events ?? []).filter((event) => !courseId || coversProgram(event, courseId)).slice(0, limit);
  const listHref = courseId ? `${eventPaths.listPage}?program=${encodeURIComponent(courseId)}` : eventPaths.listPage;
  return (
    <section className="content-section upcoming-events" aria-labelledby="upcoming-events-title">
      <h2 id="upcoming-events-title">{title}</h2>
      {answer && events.length === 0 && <p>No information sessions or open houses are scheduled at the moment.</p>}
      {events.length > 0 && <EventList events={events} headingLevel={3} />}
      <p>
        <Link href={listHref}>All information sessions and open houses</Link>
      </p>
    </section>
  );
}
