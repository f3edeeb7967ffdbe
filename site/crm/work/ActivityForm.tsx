/** Log a Call, Email, Meeting or Task on a lead: subject, notes, due date and time (Toronto), owner. */
import { useState, type FormEvent } from 'react';
import type { StaffLead } from '../../../src/contract';
import { ACTIVITY_TYPES, isLookupId } from '../../../src/lookups';
import { fromTorontoLocalInput, toTorontoLocalInput } from '../../../src/college-time';
import { createActivity } from '../shared/work-api';
import { useAuth } from '../stores/auth';
import { saveWithConflict } from './saveWithConflict';
import { useStaffList } from './useStaffList';

/** The next whole hour, a sensible default for "due". */
function nextHour(): string {
  const date = new Date(Date.now() + 3_600_000);
  return `${toTorontoLocalInput(date).slice(0, 13)}:00`;
}

export function ActivityForm({ lead, onSaved }: { lead: StaffLead; onSaved(): void }) {
  const me = useAuth((state) => state.user);
  const { active } = useStaffList();
  const [type, setType] = useState('1');
  const [subject, setSubject] = useState('');
  const [notes, setNotes] = useState('');
  const [due, setDue] = useState(nextHour);
  const [owner, setOwner] = useState(me?._id ?? '');
  const [saving, setSaving] = useState(false);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typeId = Number(type);
    const dueAt = fromTorontoLocalInput(due);
    if (!isLookupId(ACTIVITY_TYPES, typeId)) return;
    setSaving(true);
    const ok = await saveWithConflict(
      // An unreadable date goes to the server as sent, which answers with the message to show.
      () => createActivity(lead._id, { type: typeId, subject, notes, due_at: dueAt ? dueAt.toISOString() : due, owner_id: owner }),
      'Activity logged.',
      onSaved,
    );
    setSaving(false);
    if (ok) {
      setSubject('');
      setNotes('');
    }
  }

  return (
    <form className="crm-form crm-activity-form" onSubmit={save} aria-label="Log an activity">
      <div className="crm-field">
        <label htmlFor="activity-type">Type</label>
        <select id="activity-type" value={type} onChange={(e) => setType(e.currentTarget.value)}>
          {ACTIVITY_TYPES.map((t) => <option key={t.id} value={String(t.id)}>{t.title}</option>)}
        </select>
      </div>
      <div className="crm-field crm-activity-form__wide">
        <label htmlFor="activity-subject">Subject</label>
        <input id="activity-subject" required maxLength={200} value={subject} onInput={(e) => setSubject(e.currentTarget.value)} />
      </div>
      <div className="crm-field">
        <label htmlFor="activity-due">Due (Toronto time)</label>
        <input id="activity-due" type="datetime-local" required value={due} onInput={(e) => setDue(e.currentTarget.value)} />
      </div>
      <div className="crm-field">
        <label htmlFor="activity-owner">Owner</label>
        <select id="activity-owner" value={owner} onChange={(e) => setOwner(e.currentTarget.value)}>
          {active.map((m) => <option key={m._id} value={m._id}>{m._id === me?._id ? `${m.name} (me)` : m.name}</option>)}
        </select>
      </div>
      <div className="crm-field crm-activity-form__full">
        <label htmlFor="activity-notes">Notes</label>
        <textarea id="activity-notes" rows={3} maxLength={5000} value={notes} onInput={(e) => setNotes(e.currentTarget.value)} />
      </div>
      <div className="crm-activity-form__full">
        <button type="submit" className="crm-button crm-button--primary" disabled={saving}>Log activity</button>
      </div>
    </form>
  );
}
