/**
 * Creating or editing an event (catalogue editors and admins). Saved with the version it was read
 * at: a failed save lists its problems at the top (focused) and beside each field; a 409 says that
 * someone else saved first and offers to load their version instead of silently overwriting it.
 * A start in the past is saved only once the editor answers "Save anyway?" (issue 31).
 */
import { useState, type FormEvent } from 'react';
import type { CourseOption } from '../../../src/contract';
import type { CrmEvent } from '../../../src/events-contract';
import { ErrorSummary } from '../catalogue/ErrorSummary';
import { currentOf } from '../catalogue/save';
import { useSave } from '../catalogue/useSave';
import { createEvent, eventFieldErrors, fetchEvent, saveEvent } from './events-api';
import { savingPastDate } from './confirm-and-resend';
import { draftOf, eventFieldId, eventFieldLabel, inputOf, type EventDraft } from './event-draft';
import { EventFields } from './EventFields';

export const STALE_MESSAGE =
  'Someone else saved this event after you opened it, so your changes were not saved. Load their version, then make your changes again.';

export function EventEditor({
  event,
  courses,
  onSaved,
}: {
  event: CrmEvent | null;
  courses: CourseOption[];
  onSaved(event: CrmEvent): void;
}) {
  const [draft, setDraft] = useState<EventDraft>(() => draftOf(event));
  const { problem, setProblem, saving, runSave } = useSave();
  const [conflict, setConflict] = useState<CrmEvent | null>(null);

  async function save(submit: FormEvent<HTMLFormElement>) {
    submit.preventDefault();
    const send = (confirmed: boolean) => {
      const input = { ...inputOf(draft), confirm_past_date: confirmed };
      return event ? saveEvent(event.id, { ...input, version: event.version }) : createEvent(input);
    };
    // A start in the past is asked about first ("Save anyway?"), then sent with the confirmation.
    const outcome = await runSave(() => savingPastDate(send), event ? 'Event saved.' : 'Event created.');
    if (outcome.ok) {
      setConflict(null);
      onSaved(outcome.value);
      return;
    }
    // The server may name its field map `fields`; the summary and the fields read them either way.
    const errors = eventFieldErrors(outcome.body);
    const message = outcome.conflict ? STALE_MESSAGE : outcome.message;
    setProblem((p) => ({ message, errors, round: p?.round ?? 1 }));
    setConflict(outcome.conflict && event ? (currentOf<CrmEvent>(outcome.body) ?? (await fetchEvent(event.id).catch(() => null))) : null);
  }

  function loadCurrent() {
    if (!conflict) return;
    setDraft(draftOf(conflict));
    setProblem(null);
    setConflict(null);
    onSaved(conflict);
  }

  return (
    <form className="crm-form crm-card" onSubmit={save} noValidate aria-label={event ? `Edit ${event.title}` : 'New event'}>
      <ErrorSummary problem={problem} fieldId={eventFieldId} labelOf={eventFieldLabel}>
        {conflict ? <StaleActions onLoad={loadCurrent} /> : null}
      </ErrorSummary>
      <EventFields
        draft={draft}
        errors={problem?.errors ?? {}}
        courses={courses}
        onChange={(change) => setDraft((d) => ({ ...d, ...change }))}
      />
      <div className="crm-form-actions">
        <button type="submit" className="crm-button crm-button--primary" disabled={saving}>
          {event ? 'Save changes' : 'Create event'}
        </button>
        {event ? <span className="crm-muted">Version {event.version}</span> : null}
      </div>
    </form>
  );
}

/** After a 409: the one way on is to load the saved version (what was typed here is replaced). */
function StaleActions({ onLoad }: { onLoad(): void }) {
  return (
    <div className="crm-form-actions">
      <button type="button" className="crm-button" onClick={onLoad}>
        Load their version
      </button>
      <span className="crm-muted">What you typed here is replaced by what they saved.</span>
    </div>
  );
}
