/**
 * The event page's registration: a `data-college-event` opener that the inquiry widget turns into
 * its registration dialog, exactly as on a partner page (the site builds no form of its own). A
 * full event's button says it joins the waitlist; a past, cancelled or closed one has no button
 * and says why.
 */
import { COLLEGE } from '../../../../src/college';
import type { PublicEvent } from '../../../../src/events-contract';

const NO_REGISTRATION: Record<'closed' | 'cancelled' | 'past', string> = {
  closed: 'Registration for this event is closed.',
  cancelled: 'This event has been cancelled. Registrants have been told by e-mail.',
  past: 'This event has already taken place.',
};

export function RegisterAction({ event }: { event: PublicEvent }) {
  if (event.availability !== 'open' && event.availability !== 'full') {
    return <p className="notice event-no-registration">{NO_REGISTRATION[event.availability]}</p>;
  }
  return (
    <>
      <button type="button" className="btn btn-accent btn-block" data-college-event={event.id}>
        {event.availability === 'full' ? 'Join the waitlist' : 'Register'}
      </button>
      <noscript>
        <p className="event-noscript">
          Registration needs JavaScript. You can also register by phone at <a href={COLLEGE.phoneHref}>{COLLEGE.phone}</a>.
        </p>
      </noscript>
    </>
  );
}
