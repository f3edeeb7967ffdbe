/** One event in a list (Events page, a program's page, the calendar): kind, title, when, where, seats. */
import { Link } from 'wouter';
import { eventPaths, type PublicEvent } from '../../../../src/events-contract';
import { eventPlace, eventSeats, eventWhen, kindTitle } from './eventText';

export function EventCard({ event, headingLevel = 2 }: { event: PublicEvent; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <li className="card event-card">
      <p className="event-kind">
        <span className="badge">{kindTitle(event.kind)}</span>
      </p>
      <Heading className="card-title">
        <Link href={eventPaths.page(event.slug)}>{event.title}</Link>
      </Heading>
      <dl className="event-facts">
        <dt>When</dt>
        <dd>
          <time dateTime={event.starts_at}>{eventWhen(event)}</time>
        </dd>
        <dt>Where</dt>
        <dd>{eventPlace(event)}</dd>
        <dt>Seats</dt>
        <dd className={event.availability === 'full' ? 'event-full' : undefined}>{eventSeats(event)}</dd>
      </dl>
    </li>
  );
}

export function EventList({ events, headingLevel }: { events: readonly PublicEvent[]; headingLevel?: 2 | 3 }) {
  return (
    <ul className="event-list">
      {events.map((event) => (
        <EventCard key={event.id} event={event} headingLevel={headingLevel} />
      ))}
    </ul>
  );
}
