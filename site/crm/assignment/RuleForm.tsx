/**
 * One assignment rule's form: name, on/off, the optional course type and local/international
 * filters, the cap of open New Lead leads, and the counsellors of the round robin (only staff who
 * may receive leads are offered: active, with a password set).
 */
import { useState, type FormEvent } from 'react';
import type { AssignmentRule, AssignmentRuleInput } from '../../../src/assignment-contract';
import { COURSE_TYPES, LOCATIONS } from '../../../src/lookups';

export interface RuleFormProps {
  rule: AssignmentRule | null;
  eligible: { _id: string; name: string }[];
  onSave(input: AssignmentRuleInput): Promise<boolean>;
  onCancel(): void;
}

const choice = (value: string) => (value === '' ? null : Number(value));

export function RuleForm({ rule, eligible, onSave, onCancel }: RuleFormProps) {
  const prefix = `rule-${rule?.id ?? 'new'}`;
  const [name, setName] = useState(rule?.name ?? '');
  const [enabled, setEnabled] = useState(rule?.enabled ?? true);
  const [courseType, setCourseType] = useState(rule?.course_type === null || !rule ? '' : String(rule.course_type));
  const [location, setLocation] = useState(rule?.location === null || !rule ? '' : String(rule.location));
  const [cap, setCap] = useState(rule?.cap === null || !rule ? '' : String(rule.cap));
  const [members, setMembers] = useState<string[]>(rule?.member_ids ?? []);
  const [saving, setSaving] = useState(false);

  const toggle = (id: string, on: boolean) => setMembers((now) => (on ? [...now, id] : now.filter((m) => m !== id)));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaving(true);
    const input: AssignmentRuleInput = {
      name,
      enabled,
      course_type: choice(courseType),
      location: choice(location),
      cap: cap.trim() === '' ? null : Number(cap),
      // The round robin follows the list's order.
      member_ids: eligible.map((m) => m._id).filter((id) => members.includes(id)),
    };
    const saved = await onSave(input);
    setSaving(false);
    if (saved) onCancel();
  }

  return (
    <form className="crm-section crm-rule-form" aria-label={rule ? `Edit rule ${rule.name}` : 'New rule'} onSubmit={submit}>
      <div className="crm-field">
        <label htmlFor={`${prefix}-name`}>Rule name</label>
        <input id={`${prefix}-name`} value={name} maxLength={80} required onChange={(e) => setName(e.currentTarget.value)} />
      </div>
      <div className="crm-field">
        <label htmlFor={`${prefix}-type`}>Course type</label>
        <select id={`${prefix}-type`} value={courseType} onChange={(e) => setCourseType(e.currentTarget.value)}>
          <option value="">Any course type</option>
          {COURSE_TYPES.map((t) => (
            <option key={t.id} value={String(t.id)}>
              {t.title}
            </option>
          ))}
        </select>
      </div>
      <div className="crm-field">
        <label htmlFor={`${prefix}-location`}>Local or international</label>
        <select id={`${prefix}-location`} value={location} onChange={(e) => setLocation(e.currentTarget.value)}>
          <option value="">Both</option>
          {LOCATIONS.map((l) => (
            <option key={l.id} value={String(l.id)}>
              {l.title}
            </option>
          ))}
        </select>
      </div>
      <div className="crm-field">
        <label htmlFor={`${prefix}-cap`}>Cap of open New Lead leads per counsellor</label>
        <input
          id={`${prefix}-cap`}
          type="number"
          min={1}
          max={10000}
          inputMode="numeric"
          value={cap}
          aria-describedby={`${prefix}-cap-hint`}
          onChange={(e) => setCap(e.currentTarget.value)}
        />
        <p id={`${prefix}-cap-hint`} className="crm-muted">
          Empty: no cap. A counsellor at the cap is skipped; when all are, the lead stays unassigned and admins are e-mailed.
        </p>
      </div>
      <fieldset className="crm-field">
        <legend>Counsellors in the round robin</legend>
        {eligible.length === 0 ? <p className="crm-muted">No active staff member with a password yet.</p> : null}
        {eligible.map((m) => (
          <label key={m._id} className="crm-check">
            <input type="checkbox" checked={members.includes(m._id)} onChange={(e) => toggle(m._id, e.currentTarget.checked)} /> {m.name}
          </label>
        ))}
      </fieldset>
      <label className="crm-check">
        <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.currentTarget.checked)} /> Rule is on
      </label>
      <div className="crm-inline">
        <button type="submit" className="crm-button crm-button--primary" disabled={saving}>
          Save rule
        </button>
        <button type="button" className="crm-button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
