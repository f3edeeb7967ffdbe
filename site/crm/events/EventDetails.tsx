/** An event as staff who may not edit it see it: the same facts as the editor, read-only. */
import type { CourseOption } from '../../../src/contract';
import type { CrmEvent } from '../../../src/events-contract';
import { kindTitle, whenText } from './event-labels';

export function EventDetails({ event, courses }: { event: CrmEvent; courses: CourseOption[] }) {
  const programs = event.course_ids.map((id) => courses.find((c) => c._id === id)?.course_name ?? id);
  return (
    <section className="crm-card" aria-labelledby="event-details">
      <h2 id="event-details">Details</h2>
      <dl className="crm-details">
        <div>
          <dt>Kind</dt>
          <dd>{kindTitle(event.kind)}</dd>
        </div>
        <div>
          <dt>When (Toronto time)</dt>
          <dd>{whenText(event.starts_at, event.ends_at)}</dd>
        </div>
        <div>
          <dt>Place</dt>
          <dd>{event.place.kind === 'campus' ? `Campus, ${event.place.room}` : `Online: ${event.place.url}`}</dd>
        </div>
        <div>
          <dt>Capacity</dt>
          <dd>{event.capacity}</dd>
        </div>
        <div>
          <dt>Programs covered</dt>
          <dd>{programs.length ? programs.join(', ') : 'All programs'}</dd>
        </div>
        <div>
          <dt>Registration</dt>
          <dd>{event.registration_open ? 'Open' : 'Closed'}</dd>
        </div>
      </dl>
      {event.description ? <p className="crm-event-description">{event.description}</p> : null}
    </section>
  );
}

/** Registered, waitlisted and checked-in counts, as a list whose text reads well aloud. */
export function EventCountsList({ event, label }: { event: CrmEvent; label: string }) {
  const { registered, waitlisted, checked_in } = event.counts;
  return (
    <ul className="crm-event-counts" aria-label={label}>
      <li>
        <strong>{registered}</strong> registered
      </li>
      <li>
        <strong>{waitlisted}</strong> waitlisted
      </li>
      <li>
        <strong>{checked_in}</strong> checked in
      </li>
    </ul>
  );
}
