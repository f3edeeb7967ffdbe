/** An event's when and where as a definition list (the event page's aside, the registration's card); `children` adds rows. */
import type { ReactNode } from 'react';
import type { PublicEvent } from '../../../../src/events-contract';
import { eventPlace, eventWhen } from './eventText';

export function EventFacts({ event, children }: { event: PublicEvent; children?: ReactNode }) {
  return (
    <dl className="facts">
      <dt>When</dt>
      <dd>
        <time dateTime={event.starts_at}>{eventWhen(event)}</time> (Toronto time)
      </dd>
      <dt>Where</dt>
      <dd>{eventPlace(event)}</dd>
      {children}
    </dl>
  );
}
