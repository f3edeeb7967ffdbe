/**
 * /crm/events/new and /crm/events/:id. Catalogue editors and admins get the editor and can cancel
 * the event; everyone else sees it read-only (the server refuses their edits with 403 anyway).
 */
import { Link, useLocation } from 'wouter';
import type { CrmEvent } from '../../../src/events-contract';
import { LoadState, PageHeading } from '../area/PageHeading';
import { useCatalogueAccess } from '../catalogue/access';
import { usePageTitle } from '../shared/usePageTitle';
import { useStaffQuery } from '../shared/useStaffQuery';
import { EventCountsList, EventDetails } from './EventDetails';
import { EventEditor } from './EventEditor';
import { CancelEventButton } from './CancelEventButton';
import { eventState, STATE_TITLES } from './event-labels';
import { fetchEvent } from './events-api';
import { useCourseOptions } from './useCourseOptions';

export const NO_EVENT_PERMISSION = 'Only catalogue editors and admins can create or change events.';

function Back() {
  return (
    <p className="crm-back">
      <Link href="/events">← All events</Link>
    </p>
  );
}

export function NewEventPage() {
  usePageTitle('New event');
  const access = useCatalogueAccess((state) => state.access);
  const courses = useCourseOptions();
  const [, navigate] = useLocation();
  return (
    <>
      <Back />
      <PageHeading>New event</PageHeading>
      {access === 'checking' ? <LoadState loading error={null} /> : null}
      {access === 'denied' ? (
        <p className="crm-alert" role="alert">
          {NO_EVENT_PERMISSION}
        </p>
      ) : null}
      {access === 'allowed' ? <EventEditor event={null} courses={courses} onSaved={(saved) => navigate(`/events/${saved.id}`)} /> : null}
    </>
  );
}

export function EventPage({ id }: { id: string }) {
  const access = useCatalogueAccess((state) => state.access);
  const courses = useCourseOptions();
  const { data, error, loading, reload } = useStaffQuery((signal) => fetchEvent(id, signal), `event-${id}`);
  usePageTitle(data ? data.title : 'Event');
  if (!data)
    return (
      <>
        <Back />
        <PageHeading>Event</PageHeading>
        <LoadState loading={loading} error={error} />
      </>
    );
  return <EventView event={data} editable={access === 'allowed' && !data.cancelled_at} courses={courses} onChanged={reload} />;
}

function EventView({
  event,
  editable,
  courses,
  onChanged,
}: {
  event: CrmEvent;
  editable: boolean;
  courses: Parameters<typeof EventDetails>[0]['courses'];
  onChanged(): void;
}) {
  const state = eventState(event);
  return (
    <>
      <Back />
      <PageHeading>{event.title}</PageHeading>
      <p className="crm-event-status">
        <span className={`crm-status crm-event-state crm-event-state--${state}`}>{STATE_TITLES[state]}</span>{' '}
        <Link href={`/events/${event.id}/check-in`} className="crm-button">
          Check-in
        </Link>
      </p>
      <EventCountsList event={event} label="Registrations" />
      {editable ? (
        <>
          {/* Keyed by version: a saved or reloaded event starts the form from what is stored. */}
          <EventEditor key={event.version} event={event} courses={courses} onSaved={onChanged} />
          {state !== 'past' ? <CancelEventButton event={event} onCancelled={onChanged} /> : null}
        </>
      ) : (
        <>
          {event.cancelled_at ? null : <p className="crm-muted">{NO_EVENT_PERMISSION}</p>}
          <EventDetails event={event} courses={courses} />
        </>
      )}
    </>
  );
}
