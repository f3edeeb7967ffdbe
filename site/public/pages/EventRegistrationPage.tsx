/**
 * The cancel link's page (issue 24): `/events/registration?token=…`, no sign-in. Shows the
 * registration (event, status, waitlist position) and a "Cancel my registration" button. The
 * button sits in a POST form to this page's own address, which the server answers by cancelling
 * and sending the reader back here (no JavaScript needed); with JavaScript it calls the API and
 * shows the new state in place. A place that waits for the address's confirmation (issue 35:
 * server/events/seat-holds.ts) shows until when, and a "Confirm my place" button that works the same
 * way. Never indexed, never cached (see server/pages).
 */
import { formatHoldDeadline } from '../../../src/college-time';
import { useState } from 'react';
import { Link, useSearch } from 'wouter';
import { apiFetch, ApiError } from '../../../src/api-client';
import { eventPaths, type RegistrationByToken } from '../../../src/events-contract';
import { PUBLIC_API_BASE } from '../../../src/public-api';
import { siteApi } from '../../lib/api';
import { useApi } from '../../lib/useApi';
import { notReadyPage } from '../MissingPage';
import { PageHeader } from '../components/PageHeader';
import { ErrorNotice } from '../components/Status';
import type { PageProps } from '../pageTypes';
import { EventFacts } from './events/EventFacts';
import { kindTitle } from './events/eventText';

export default function EventRegistrationPage(_props: PageProps) {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const state = useApi(siteApi.registration(token));
  if (state.status !== 'ready') return notReadyPage(state);
  return <RegistrationView token={token} initial={state.data} />;
}

function statusSentence({ status, position }: RegistrationByToken): string {
  if (status === 'registered') return 'You are registered for this event.';
  if (status === 'waitlisted') return `You are on the waitlist, in position ${position ?? '?'}. We will e-mail you if a seat opens.`;
  return 'Your registration is cancelled.';
}

function RegistrationView({ token, initial }: { token: string; initial: RegistrationByToken }) {
  const [registration, setRegistration] = useState(initial);
  const [busy, setBusy] = useState<'cancel' | 'confirm' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { event } = registration;
  const open = event.availability !== 'past' && event.availability !== 'cancelled';
  const cancellable = registration.status !== 'cancelled' && open;
  const confirmBy = cancellable ? registration.confirm_by : null;

  const act = async (action: 'cancel' | 'confirm') => {
    setBusy(action);
    setError(null);
    try {
      // The answer is the registration as it now is (doing it twice answers the same).
      const path = action === 'cancel' ? eventPaths.cancelRegistration(token) : eventPaths.confirmRegistration(token);
      setRegistration(await apiFetch<RegistrationByToken>(PUBLIC_API_BASE, path, { method: 'POST', body: {} }));
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Something went wrong. Please try again.');
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <PageHeader
        title="Your registration"
        description="Your registration for a Northbridge College event."
        lead={`Hello ${registration.first_name}. Here is your registration.`}
        noindex
      />
      <div className="container page narrow events-page">
        <section className="card event-registration" aria-labelledby="registration-event">
          <p className="event-kind">
            <span className="badge">{kindTitle(event.kind)}</span>
          </p>
          <h2 id="registration-event" className="card-title">
            <Link href={eventPaths.page(event.slug)}>{event.title}</Link>
          </h2>
          <EventFacts event={event}>
            <dt>Status</dt>
            <dd>
              {/* Announced when a cancellation changes it (a dd itself may not take the role). */}
              <span role="status">{statusSentence(registration)}</span>
            </dd>
          </EventFacts>
          {event.availability === 'cancelled' && <p className="notice">This event has been cancelled.</p>}
          {error && <ErrorNotice message={error} />}
          {confirmBy && (
            <form
              method="post"
              action={`${eventPaths.cancelPage(token)}&action=confirm`}
              onSubmit={(e) => {
                e.preventDefault();
                void act('confirm');
              }}
            >
              <p className="notice">
                Please confirm your place by {formatHoldDeadline(new Date(confirmBy))} (Toronto time), or it is released.
              </p>
              <button type="submit" className="btn btn-primary" disabled={busy !== null}>
                {busy === 'confirm' ? 'Confirming…' : 'Confirm my place'}
              </button>
            </form>
          )}
          {cancellable && (
            <form
              method="post"
              action={eventPaths.cancelPage(token)}
              onSubmit={(e) => {
                e.preventDefault();
                void act('cancel');
              }}
            >
              <button type="submit" className="btn btn-outline" disabled={busy !== null}>
                {busy === 'cancel' ? 'Cancelling…' : 'Cancel my registration'}
              </button>
            </form>
          )}
        </section>
      </div>
    </>
  );
}
