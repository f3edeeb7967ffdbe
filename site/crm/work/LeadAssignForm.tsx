/** The lead's stage and owner, saved together with the version the page read (409 if stale). */
import { useEffect, useState, type FormEvent } from 'react';
import type { StaffLead } from '../../../src/contract';
import { isLookupId, LEAD_STAGES, lookupTitle } from '../../../src/lookups';
import { updateLead } from '../shared/api';
import { useAuth } from '../stores/auth';
import { saveWithConflict } from './saveWithConflict';
import { useStaffList } from './useStaffList';

export function LeadAssignForm({ lead, onSaved }: { lead: StaffLead; onSaved(): void }) {
  const me = useAuth((state) => state.user);
  const { active } = useStaffList();
  const [stage, setStage] = useState(String(lead.stage));
  const [owner, setOwner] = useState(lead.owner_id ?? '');
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    setStage(String(lead.stage));
    setOwner(lead.owner_id ?? '');
  }, [lead.stage, lead.owner_id, lead.version]);

  const stageId = Number(stage);
  const changed = stage !== String(lead.stage) || owner !== (lead.owner_id ?? '');
  // The current owner stays listed even if they were deactivated since.
  const owners =
    active.some((m) => m._id === lead.owner_id) || !lead.owner_id
      ? active
      : [...active, { _id: lead.owner_id, name: lead.owner_name ?? 'Former staff member' }];

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isLookupId(LEAD_STAGES, stageId)) return;
    setSaving(true);
    const message = stage !== String(lead.stage) ? `Stage changed to ${lookupTitle(LEAD_STAGES, stageId)}.` : 'Owner changed.';
    await saveWithConflict(
      // Only what changed: keeping an owner who was deactivated since is not a new assignment.
      () =>
        updateLead(lead._id, {
          version: lead.version,
          ...(stageId !== lead.stage ? { stage: stageId } : {}),
          ...(owner !== (lead.owner_id ?? '') ? { owner_id: owner || null } : {}),
        }),
      message,
      onSaved,
    );
    setSaving(false);
  }

  return (
    <form className="crm-stage-form" onSubmit={save}>
      <label htmlFor="lead-stage">Stage</label>
      <select id="lead-stage" value={stage} onChange={(e) => setStage(e.currentTarget.value)}>
        {LEAD_STAGES.map((s) => (
          <option key={s.id} value={String(s.id)}>
            {s.title}
          </option>
        ))}
      </select>
      <label htmlFor="lead-owner">Owner</label>
      <select id="lead-owner" value={owner} onChange={(e) => setOwner(e.currentTarget.value)}>
        <option value="">Unassigned</option>
        {owners.map((m) => (
          <option key={m._id} value={m._id}>
            {m._id === me?._id ? `${m.name} (me)` : m.name}
          </option>
        ))}
      </select>
      {me && owner !== me._id ? (
        <button type="button" className="crm-button" onClick={() => setOwner(me._id)}>
          Assign to me
        </button>
      ) : null}
      <button type="submit" className="crm-button crm-button--primary" disabled={saving || !changed}>
        Save stage and owner
      </button>
    </form>
  );
}
