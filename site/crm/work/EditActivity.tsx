/** "Edit" on a logged activity: the form appears below the button only while it is open. */
import { useState } from 'react';
import type { Activity } from '../../../src/crm-contract';
import { ActivityForm } from './ActivityForm';
import { mayChangeActivity, useOwnAccount } from '../stores/permissions';

export function EditActivity({ activity, onSaved }: { activity: Activity; onSaved(): void }) {
  const [open, setOpen] = useState(false);
  const formId = `edit-activity-${activity._id}`;
  const account = useOwnAccount();
  if (!mayChangeActivity(account, activity)) return null;
  return (
    <>
      <button
        type="button"
        className="crm-button"
        aria-expanded={open}
        aria-controls={formId}
        aria-label={`Edit: ${activity.subject}`}
        onClick={() => setOpen(!open)}
      >
        Edit
      </button>
      {open ? (
        <div id={formId} className="crm-edit-activity">
          <ActivityForm
            leadId={activity.lead_id}
            activity={activity}
            onSaved={() => {
              setOpen(false);
              onSaved();
            }}
          />
        </div>
      ) : null}
    </>
  );
}
