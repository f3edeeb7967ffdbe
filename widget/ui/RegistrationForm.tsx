/**
 * The registration dialog's body for register(eventId): the event loads (its request started in
 * the loader, beside the form code), then the form (RegistrationFields), or instead of it why one
 * cannot register: an unknown event, one that is past, cancelled or closed, or an event that
 * could not be loaded (with a Retry). After a registration without a redirect, the answer's
 * message replaces the form. The Close button of these panels keeps its place from one to the
 * next, so focus stays on it.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import type { RegistrationAnswer } from '../../src/events-contract';
import type { RegisterRequest } from '../controller';
import { unavailableText } from '../event-text';
import { EventSummary } from './EventSummary';
import type { FormServices } from './InquiryForm';
import { RegistrationFields } from './RegistrationFields';
import { useEvent } from './useEvent';

interface RegistrationFormProps extends FormServices {
  request: RegisterRequest;
  onClose: () => void;
  onSuccess: (target: string) => void;
}

export const EVENT_LOADING = 'Loading the event...';
export const EVENT_MISSING = 'We could not find this event. It may have been removed, or the link may be wrong.';
export const EVENT_FAILED = 'We could not load this event.';

export function RegistrationForm(props: RegistrationFormProps) {
  const { request, courseList, config, onClose } = props;
  const load = useEvent(courseList, request.eventId);
  const [done, setDone] = useState<RegistrationAnswer | null>(null);
  const event = load.state === 'ready' ? load.event : null;
  const refusal = event && unavailableText(event);
  const eventsPage = `${config.origin}/events`;

  let panel;
  if (done) panel = <Panel message={done.message} focus kind={done.status} onClose={onClose} />;
  else if (event && !refusal) panel = <RegistrationFields {...props} event={event} onDone={setDone} />;
  else if (refusal) panel = <Panel message={refusal} link={eventsPage} onClose={onClose} />;
  else if (load.state === 'missing') panel = <Panel message={EVENT_MISSING} link={eventsPage} onClose={onClose} />;
  else if (load.state === 'failed') panel = <Panel message={EVENT_FAILED} retry={load.retry} onClose={onClose} />;
  else panel = <Panel message={EVENT_LOADING} onClose={onClose} />;
  return (
    <div className="ci-registration" aria-busy={load.state === 'loading'}>
      {event && <EventSummary event={event} waitlistNote={!done && !refusal} />}
      {panel}
    </div>
  );
}

interface PanelProps {
  message: string;
  onClose: () => void;
  /** A link to the college's events page. */
  link?: string;
  retry?: () => void;
  /** Move focus to the message (the confirmation that replaced the form). */
  focus?: boolean;
  kind?: RegistrationAnswer['status'];
}

/** A message instead of the form, with Close (and Retry, or a link to the events page). */
function Panel({ message, onClose, link, retry, focus, kind }: PanelProps) {
  const text = useRef<HTMLParagraphElement>(null);
  useLayoutEffect(() => {
    if (focus) text.current?.focus();
  }, [focus]);
  return (
    <div className="ci-form ci-panel">
      <p
        ref={text}
        className={`ci-panel-message${kind ? ` ci-panel-message--${kind}` : ''}`}
        role={focus ? undefined : 'status'}
        tabIndex={focus ? -1 : undefined}
      >
        {message}
        {retry && (
          <>
            {' '}
            <button type="button" className="ci-retry" onClick={retry}>
              Retry
            </button>
          </>
        )}
      </p>
      {link && (
        <p className="ci-panel-link">
          <a href={link} target="_blank" rel="noopener">
            See upcoming events
          </a>
        </p>
      )}
      <div className="ci-actions">
        <button type="button" className="ci-button ci-close" onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}
