/** /crm/events: every event, newest start first, with its Toronto date, kind, counts and state. */
import { Link } from 'wouter';
import type { CrmEvent } from '../../../src/events-contract';
import { LoadState, PageHeading } from '../area/PageHeading';
import { useCatalogueAccess } from '../catalogue/access';
import { ColumnHeads } from '../shared/ColumnHeads';
import { usePageTitle } from '../shared/usePageTitle';
import { useStaffQuery } from '../shared/useStaffQuery';
import { eventState, kindTitle, STATE_TITLES, whenText } from './event-labels';
import { fetchEvents } from './events-api';

const COLUMNS = [
  ['title', 'Event'],
  ['when', 'When (Toronto)'],
  ['kind', 'Kind'],
  ['registered', 'Registered'],
  ['waitlisted', 'Waitlisted'],
  ['checked', 'Checked in'],
  ['state', 'State'],
  ['actions', 'Check-in'],
] as const;

function EventRow({ event }: { event: CrmEvent }) {
  const state = eventState(event);
  return (
    <tr>
      <th scope="row" data-label="Event">
        <Link href={`/events/${event.id}`}>{event.title}</Link>
      </th>
      <td data-label="When (Toronto)">{whenText(event.starts_at, event.ends_at)}</td>
      <td data-label="Kind">{kindTitle(event.kind)}</td>
      <td data-label="Registered">{event.counts.registered}</td>
      <td data-label="Waitlisted">{event.counts.waitlisted}</td>
      <td data-label="Checked in">{event.counts.checked_in}</td>
      <td data-label="State">
        <span className={`crm-status crm-event-state crm-event-state--${state}`}>{STATE_TITLES[state]}</span>
      </td>
      <td data-label="Check-in">
        {state === 'cancelled' ? (
          '—'
        ) : (
          <Link href={`/events/${event.id}/check-in`} aria-label={`Check-in for ${event.title}`}>
            Check-in
          </Link>
        )}
      </td>
    </tr>
  );
}

export function EventsListPage() {
  usePageTitle('Events');
  const access = useCatalogueAccess((state) => state.access);
  const { data, error, loading } = useStaffQuery((signal) => fetchEvents(signal), 'events');
  return (
    <>
      <div className="crm-section__head">
        <PageHeading>Events</PageHeading>
        {access === 'allowed' ? (
          <Link href="/events/new" className="crm-button crm-button--primary">
            New event
          </Link>
        ) : null}
      </div>
      <p className="crm-muted">Information sessions, open houses, campus tours and webinars. Times are Toronto time.</p>
      <LoadState loading={loading && !data} error={error} />
      {data && !data.events.length ? <p className="crm-muted">No events yet.</p> : null}
      {data?.events.length ? (
        <div className="crm-table-wrap" role="region" aria-label="Events" tabIndex={0}>
          <table className="crm-table crm-table--fit crm-events-table">
            <caption className="crm-visually-hidden">Events</caption>
            <ColumnHeads columns={COLUMNS} />
            <tbody>
              {data.events.map((event) => (
                <EventRow key={event.id} event={event} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}
