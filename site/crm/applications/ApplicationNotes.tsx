/** Internal notes on an application (issue 33): listed oldest first, added below; never shown to the applicant. */
import { useState, type FormEvent } from 'react';
import type { StaffApplication } from '../../../src/application-contract';
import { errorMessage } from '../shared/api';
import { notify } from '../shared/notify';
import { addApplicationNote } from './applications-api';
import { dateText } from './application-labels';

export function ApplicationNotes({ application, onChanged }: { application: StaffApplication; onChanged(next: StaffApplication): void }) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      onChanged(await addApplicationNote(application._id, text));
      setText('');
      notify.success('Note added.');
    } catch (caught) {
      notify.error(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }
  return (
    <section className="crm-card" aria-labelledby="app-notes">
      <h2 id="app-notes">Internal notes</h2>
      {application.notes.length ? (
        <ul className="crm-app-notes">
          {application.notes.map((note) => (
            <li key={note._id}>
              <p>{note.text}</p>
              <p className="crm-muted">
                {note.by?.name ?? 'Someone'}, {dateText(note.at)}
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="crm-muted">No notes yet.</p>
      )}
      <form className="crm-form" onSubmit={save} aria-label="Add an internal note">
        <div className="crm-field">
          <label htmlFor="app-note">Note (staff only)</label>
          <textarea id="app-note" rows={3} maxLength={4000} required value={text} onInput={(e) => setText(e.currentTarget.value)} />
        </div>
        <div>
          <button type="submit" className="crm-button crm-button--primary" disabled={busy}>
            Add note
          </button>
        </div>
      </form>
    </section>
  );
}
