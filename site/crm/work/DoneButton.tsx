/** Marking an activity done (or open again) is one click; it names the version it read. */
import { useState } from 'react';
import type { Activity } from '../../../src/crm-contract';
import { updateActivity } from '../shared/work-api';
import { saveWithConflict } from './saveWithConflict';
import { mayChangeActivity, useOwnAccount } from '../stores/permissions';

export function DoneButton({ activity, onSaved }: { activity: Activity; onSaved(): void }) {
  const [saving, setSaving] = useState(false);
  const account = useOwnAccount();
  const label = activity.done ? 'Reopen' : 'Mark done';

  async function toggle() {
    setSaving(true);
    await saveWithConflict(
      () => updateActivity(activity._id, { version: activity.version, done: !activity.done }),
      activity.done ? `Reopened: ${activity.subject}` : `Done: ${activity.subject}`,
      onSaved,
    );
    setSaving(false);
  }

  // Another owner's activity: only an admin may change it (issue 21).
  if (!mayChangeActivity(account, activity)) return null;
  return (
    <button type="button" className="crm-button" disabled={saving} onClick={toggle} aria-label={`${label}: ${activity.subject}`}>
      {label}
    </button>
  );
}
