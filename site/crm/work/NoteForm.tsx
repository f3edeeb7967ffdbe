/** Add a note to the lead's timeline. */
import { useState, type FormEvent } from 'react';
import { addNote } from '../shared/work-api';
import { saveWithConflict } from './saveWithConflict';

export function NoteForm({ leadId, onSaved }: { leadId: string; onSaved(): void }) {
  const [text, setText] = useState('');
  const [saving, setSaving] = useState(false);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaving(true);
    if (await saveWithConflict(() => addNote(leadId, text), 'Note added.', onSaved)) setText('');
    setSaving(false);
  }

  return (
    <form className="crm-form" onSubmit={save} aria-label="Add a note">
      <div className="crm-field">
        <label htmlFor="lead-note">Note</label>
        <textarea id="lead-note" rows={3} maxLength={5000} required value={text} onInput={(e) => setText(e.currentTarget.value)} />
      </div>
      <div>
        <button type="submit" className="crm-button crm-button--primary" disabled={saving}>
          Add note
        </button>
      </div>
    </form>
  );
}
