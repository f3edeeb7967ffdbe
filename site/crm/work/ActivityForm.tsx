/**
 * Log a Call, Email, Meeting or Task on a lead (subject, notes, due date and time in Toronto,
 * owner), or edit a logged one: then the change names the version it read (409 if stale).
 */
import { useState, type FormEvent } from 'react';
import type { Activity } from '../../../src/crm-contract';
import { ACTIVITY_TYPES, isLookupId } from '../../../src/lookups';
import { fromTorontoLocalInput, toTorontoLocalInput } from '../../../src/college-time';
import { createActivity, updateActivity } from '../shared/work-api';
import { useAuth } from '../stores/auth';
import { saveWithConflict } from './saveWithConflict';
import { useStaffList } from './useStaffList';

/** The next whole hour, a sensible default for "due". */
function nextHour(): string {
  const date = new Date(Date.now() + 3_600_000);
  return `${toTorontoLocalInput(date).slice(0, 13)}:00`;
}

export function ActivityForm({ leadId, activity, onSaved }: { leadId: string; activity?: Activity; onSaved(): void }) {
  const me = useAuth((state) => state.user);
  const { active } = useStaffList();
  const [type, setType] = useState(String(activity?.type ?? 1));
  const [subject, setSubject] = useState(activity?.subject ?? '');
  const [notes, setNotes] = useState(activity?.notes ?? '');
  const [due, setDue] = useState(() => (activity ? toTorontoLocalInput(new Date(activity.due_at)) : nextHour()));
  const [owner, setOwner] = useState(activity?.owner._id ?? me?._id ?? '');
  const [saving, setSaving] = useState(false);
  const id = (field: string) => `activity-${activity?._id ?? 'new'}-${field}`;
  // An owner deactivated since stays listed on their own activity.
  const owners = activity && !active.some((m) => m._id === activity.owner._id) ? [...active, activity.owner] : active;

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typeId = Number(type);
    const dueAt = fromTorontoLocalInput(due);
    if (!isLookupId(ACTIVITY_TYPES, typeId)) return;
    // An unreadable date goes to the server as typed; its answer is the message to show.
    const fields = { type: typeId, subject, notes, due_at: dueAt ? dueAt.toISOString() : due, owner_id: owner };
    setSaving(true);
    const ok = await saveWithConflict(
      () => (activity ? updateActivity(activity._id, { version: activity.version, ...fields }) : createActivity(leadId, fields)),
      activity ? 'Activity saved.' : 'Activity logged.',
      onSaved,
    );
    setSaving(false);
    if (ok && !activity) {
      setSubject('');
      setNotes('');
    }
  }

  return (
    <form className="crm-form crm-activity-form" onSubmit={save} aria-label={activity ? `Edit ${activity.subject}` : 'Log an activity'}>
      <div className="crm-field">
        <label htmlFor={id('type')}>Type</label>
        <select id={id('type')} value={type} onChange={(e) => setType(e.currentTarget.value)}>
          {ACTIVITY_TYPES.map((t) => (
            <option key={t.id} value={String(t.id)}>
              {t.title}
            </option>
          ))}
        </select>
      </div>
      <div className="crm-field crm-activity-form__wide">
        <label htmlFor={id('subject')}>Subject</label>
        <input id={id('subject')} required maxLength={200} value={subject} onInput={(e) => setSubject(e.currentTarget.value)} />
      </div>
      <div className="crm-field">
        <label htmlFor={id('due')}>Due (Toronto time)</label>
        <input id={id('due')} type="datetime-local" required value={due} onInput={(e) => setDue(e.currentTarget.value)} />
      </div>
      <div className="crm-field">
        <label htmlFor={id('owner')}>Owner</label>
        <select id={id('owner')} value={owner} onChange={(e) => setOwner(e.currentTarget.value)}>
          {owners.map((m) => (
            <option key={m._id} value={m._id}>
              {m._id === me?._id ? `${m.name} (me)` : m.name}
            </option>
          ))}
        </select>
      </div>
      <div className="crm-field crm-activity-form__full">
        <label htmlFor={id('notes')}>Notes</label>
        <textarea id={id('notes')} rows={3} maxLength={5000} value={notes} onInput={(e) => setNotes(e.currentTarget.value)} />
      </div>
      <div className="crm-activity-form__full">
        <button type="submit" className="crm-button crm-button--primary" disabled={saving}>
          {activity ? 'Save changes' : 'Log activity'}
        </button>
      </div>
    </form>
  );
}
