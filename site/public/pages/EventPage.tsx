/**
 * One event's page (issue 24), from GET /api/events/slug/:slug, rendered on the server on each
 * request: what, when (Toronto time), where, seats, the programs it covers (linked to their
 * pages), the widget's registration opener, an "Add to calendar" link to its .ics, and the
 * schema.org Event. An unknown slug shows the 404 page (which declares the 404 status).
 */
import { Link } from 'wouter';
import { eventPaths, type PublicEvent } from '../../../src/events-contract';
import { PUBLIC_API_BASE } from '../../../src/public-api';
import { siteApi } from '../../lib/api';
import { currentOrigin } from '../../lib/head';
import { useStructuredData } from '../../lib/usePageMeta';
import { useApi } from '../../lib/useApi';
import { notReadyPage } from '../MissingPage';
import { PageHeader } from '../components/PageHeader';
import type { PageProps } from '../pageTypes';
import { eventLd } from './events/eventLd';
import { EventFacts } from './events/EventFacts';
import { eventSeats, eventSummary, eventWhen, kindTitle } from './events/eventText';
import { RegisterAction } from './events/RegisterAction';
import { useEventAfterRegistration } from './events/useEventAfterRegistration';

export default function EventPage({ params }: PageProps) {
  const state = useApi(siteApi.event(params.slug ?? ''));
  if (state.status !== 'ready') return notReadyPage(state);
  return <EventView event={state.data} />;
}

function EventView({ event: rendered }: { event: PublicEvent }) {
  // After a registration on this page, the seats as they are now (the page itself is not reloaded).
  const event = useEventAfterRegistration(rendered);
  useStructuredData('event', eventLd(event, currentOrigin()));
  const open = event.availability === 'open' || event.availability === 'full';
  return (
    <>
      <PageHeader
        title={event.title}
        description={eventSummary(event)}
        lead={eventWhen(event)}
        eyebrow={event.availability === 'cancelled' ? `${kindTitle(event.kind)} — cancelled` : kindTitle(event.kind)}
        canonical={eventPaths.page(event.slug)}
      />
      <div className="container page with-aside events-page">
        <article className="prose">
          <section className="content-section">
            <h2>About this {kindTitle(event.kind).toLowerCase()}</h2>
            {event.description
              .split(/\n{2,}/)
              .filter((para) => para.trim())
              .map((para) => (
                <p key={para}>{para}</p>
              ))}
          </section>
          <section className="content-section">
            <h2>Programs covered</h2>
            {event.courses.length === 0 ? (
              <p>Every program and course: bring your questions about any of them.</p>
            ) : (
              <ul className="event-programs">
                {event.courses.map((course) => (
                  <li key={course._id}>
                    {course.slug ? <Link href={`/course/${course.slug}`}>{course.course_name}</Link> : course.course_name}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <p>
            <Link href={eventPaths.listPage}>All events</Link>
          </p>
        </article>
        <aside className="card course-facts event-aside" aria-label="Event details">
          <h2>Date and place</h2>
          <EventFacts event={event}>
            <dt>Seats</dt>
            <dd>{eventSeats(event)}</dd>
          </EventFacts>
          <RegisterAction event={event} />
          {open && (
            <p className="event-calendar-link">
              <a href={`${PUBLIC_API_BASE}${eventPaths.calendar(event.id)}`} download>
                Add to calendar (.ics)
              </a>
            </p>
          )}
        </aside>
      </div>
    </>
  );
}
