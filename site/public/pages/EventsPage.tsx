/**
 * The Events page (issue 24): upcoming information sessions, open houses, campus tours and
 * webinars, soonest first, filterable by program and kind. The filters are in the URL and the form
 * is a plain GET form, so the server renders a filtered view and it works without JavaScript; with
 * JavaScript a change applies at once. Rendered on each request (seats change with registrations).
 */
import { useLocation, useSearch } from 'wouter';
import { EVENT_KINDS, eventPaths } from '../../../src/events-contract';
import { siteApi } from '../../lib/api';
import { useApi } from '../../lib/useApi';
import { ApplyBand } from '../components/ApplyBand';
import { PageHeader } from '../components/PageHeader';
import { ErrorNotice, Loading } from '../components/Status';
import { EventList } from './events/EventCard';
import { FilterSelect } from './events/FilterSelect';
import {
  eventFiltersOf,
  eventFiltersUrl,
  filterEvents,
  programsOfEvents,
  readEventFilters,
  type EventFilters,
} from './events/eventFilters';

export default function EventsPage() {
  const filters = readEventFilters(useSearch());
  const [, navigate] = useLocation();
  const state = useApi(siteApi.events());
  const all = state.status === 'ready' ? state.data.events : [];
  const programs = programsOfEvents(all);
  const shown = filterEvents(all, filters);
  const change = (next: Partial<EventFilters>) => navigate(eventFiltersUrl({ ...filters, ...next }), { replace: true });
  return (
    <>
      <PageHeader
        title="Events"
        description="Information sessions, open houses, campus tours and webinars at our Toronto IT college: dates, places and free registration."
        lead="Meet our instructors and advisers at an information session, open house, campus tour or webinar. Registration is free."
        canonical={eventPaths.listPage}
      />
      <div className="container page events-page">
        <form
          className="filters"
          aria-label="Filter events"
          action={eventPaths.listPage}
          method="get"
          onSubmit={(e) => {
            e.preventDefault();
            const data = new FormData(e.currentTarget);
            change(eventFiltersOf({ program: String(data.get('program') ?? ''), kind: String(data.get('kind') ?? '') }));
          }}
        >
          <FilterSelect
            id="events-program"
            name="program"
            label="Program"
            allLabel="All programs"
            value={filters.program}
            options={programs.map((p) => ({ value: p.id, label: p.name }))}
            onChange={(program) => change({ program })}
          />
          <FilterSelect
            id="events-kind"
            name="kind"
            label="Kind of event"
            allLabel="All kinds"
            value={filters.kind}
            options={EVENT_KINDS.map((k) => ({ value: k.id, label: k.title }))}
            onChange={(kind) => change(eventFiltersOf({ ...filters, kind }))}
          />
          {/* Selecting applies at once with JavaScript; without it, this submits the GET form. */}
          <button type="submit" className="btn btn-outline filters-submit">
            Apply filters
          </button>
        </form>
        {state.status === 'ready' ? (
          <p className="result-count" role="status">
            {shown.length === 0
              ? 'No upcoming events match these filters.'
              : `${shown.length} upcoming ${shown.length === 1 ? 'event' : 'events'}`}
          </p>
        ) : state.status === 'error' ? (
          <ErrorNotice message={state.error.message} />
        ) : (
          <Loading label="Loading events…" />
        )}
        {shown.length > 0 && <EventList events={shown} />}
      </div>
      <ApplyBand />
    </>
  );
}
