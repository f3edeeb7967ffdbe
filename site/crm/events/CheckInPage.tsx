/**
 * /crm/events/:id/check-in: the door on the event's day, on a phone held in one hand. A big search
 * box at the top (name, e-mail or phone fragment, searched by the server), the counts always in
 * view (sticky) with a polite live region saying what changed, one large button per registrant,
 * and a walk-in form that registers and checks in at once. Before the event's day the server
 * refuses a check-in until the person confirms it is early (confirm-and-resend.ts).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import type { CrmRegistration, CrmRegistrationList } from '../../../src/events-contract';
import { LoadState, PageHeading } from '../area/PageHeading';
import { errorMessage } from '../shared/api';
import { notify } from '../shared/notify';
import { usePageTitle } from '../shared/usePageTitle';
import { EventCountsList } from './EventDetails';
import { whenText } from './event-labels';
import { checkIn, undoCheckIn } from './events-api';
import { checkingInEarly } from './confirm-and-resend';
import { RegistrantItem, registrantName } from './RegistrantItem';
import { useCourseOptions } from './useCourseOptions';
import { useRegistrations } from './useRegistrations';
import { WalkInForm } from './WalkInForm';

const SEARCH_DELAY_MS = 300;

const countsSentence = (list: CrmRegistrationList) =>
  `Now ${list.event.counts.registered} registered, ${list.event.counts.waitlisted} waitlisted, ${list.event.counts.checked_in} checked in.`;

export function CheckInPage({ id }: { id: string }) {
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const { data, error, refresh } = useRegistrations(id, q);
  const courses = useCourseOptions();
  usePageTitle(data ? `Check-in: ${data.event.title}` : 'Check-in');

  // Searching as the person types, once they pause: no button press needed with one thumb.
  useEffect(() => {
    const timer = window.setTimeout(() => setQ(typed), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [typed]);

  async function afterChange(what: string) {
    const fresh = await refresh();
    setAnnouncement(fresh ? `${what} ${countsSentence(fresh)}` : what);
  }

  async function act(registration: CrmRegistration, undo: boolean) {
    setBusy(registration.id);
    const name = registrantName(registration);
    try {
      const done = undo
        ? await undoCheckIn(id, registration.id)
        : await checkingInEarly((early) => checkIn(id, registration.id, early), name);
      // Declined (not checked in early): nothing changed.
      if (done) await afterChange(undo ? `Check-in of ${name} undone.` : `${name} checked in.`);
    } catch (caught) {
      notify.error(errorMessage(caught));
    } finally {
      setBusy(null);
    }
  }

  function search(submitted: FormEvent<HTMLFormElement>) {
    submitted.preventDefault();
    setQ(typed);
  }

  if (!data)
    return (
      <>
        <PageHeading>Check-in</PageHeading>
        <LoadState loading={!error} error={error} />
      </>
    );

  const { event, registrations } = data;
  return (
    <div className="crm-checkin">
      <p className="crm-back">
        <Link href={`/events/${event.id}`}>← {event.title}</Link>
      </p>
      <PageHeading>Check-in: {event.title}</PageHeading>
      <p className="crm-muted">{whenText(event.starts_at, event.ends_at)} (Toronto time)</p>
      <div className="crm-checkin__bar">
        <EventCountsList event={event} label="Counts" />
        <p role="status" className="crm-checkin__announce">
          {announcement}
        </p>
      </div>
      <form role="search" className="crm-checkin__search" onSubmit={search} aria-label="Search registrants">
        <label htmlFor="checkin-q">Find a registrant</label>
        <input
          id="checkin-q"
          type="search"
          value={typed}
          autoComplete="off"
          enterKeyHint="search"
          aria-describedby="checkin-q-hint"
          onInput={(e) => setTyped(e.currentTarget.value)}
        />
        <span id="checkin-q-hint" className="crm-hint crm-muted">
          Part of a name, an e-mail or a phone number
        </span>
      </form>
      <details className="crm-walk-in-box">
        <summary>Walk-in (not registered)</summary>
        <WalkInForm event={event} courses={courses} onDone={(name) => afterChange(`${name} registered as a walk-in and checked in.`)} />
      </details>
      {error ? (
        <p className="crm-alert" role="alert">
          {error}
        </p>
      ) : null}
      {registrations.length ? (
        <ul className="crm-registrants" aria-label="Registrants">
          {registrations.map((r) => (
            <RegistrantItem
              key={r.id}
              registration={r}
              busy={busy === r.id}
              onCheckIn={() => void act(r, false)}
              onUndo={() => void act(r, true)}
            />
          ))}
        </ul>
      ) : (
        <p className="crm-muted">{q.trim() ? `Nobody matches “${q.trim()}”.` : 'Nobody has registered yet.'}</p>
      )}
    </div>
  );
}
