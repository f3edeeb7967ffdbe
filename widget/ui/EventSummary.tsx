/** What the registration is for: the event's title, its Toronto date and time, its place, and whether it is full. */
import type { PublicEvent } from '../../src/events-contract';
import { eventWhen, eventWhere } from '../event-text';

/** `waitlistNote`: say that a full event's registration joins the waitlist (while the form shows). */
export function EventSummary({ event, waitlistNote }: { event: PublicEvent; waitlistNote: boolean }) {
  return (
    <div className="ci-event">
      <h3 className="ci-event-title" id="ci-event-title">
        {event.title}
      </h3>
      <p className="ci-event-line">
        <span className="ci-event-label">When: </span>
        {eventWhen(event)}
      </p>
      <p className="ci-event-line">
        <span className="ci-event-label">Where: </span>
        {eventWhere(event)}
      </p>
      {waitlistNote && event.availability === 'full' && (
        <p className="ci-event-full">This event is full. Register to join the waitlist: we e-mail you if a seat opens.</p>
      )}
    </div>
  );
}
