/**
 * Assignment (issue 23), for admins: the round-robin rules that give new leads their owners (the
 * first enabled rule that matches a lead applies), and speed to lead, the business hours within
 * which a new lead must be contacted. Others are told they lack the permission; the API says 403.
 */
import { ItemActions } from '../shared/ItemActions';
import { useState, type FormEvent } from 'react';
import type { AssignmentRule, AssignmentRuleInput, AssignmentSettingsAnswer } from '../../../src/assignment-contract';
import { COURSE_TYPES, LOCATIONS, lookupTitle } from '../../../src/lookups';
import { usePageTitle } from '../shared/usePageTitle';
import { useStaffQuery } from '../shared/useStaffQuery';
import { confirmAction } from '../shared/confirm';
import { LoadState, PageHeading } from '../area/PageHeading';
import { isAdmin, useOwnAccount } from '../stores/permissions';
import { saveWithConflict } from '../work/saveWithConflict';
import { createRule, fetchAssignment, removeRule, saveRule, saveSpeedToLead } from './assignment-api';
import { RuleForm } from './RuleForm';

function SpeedToLeadForm({ data, reload }: { data: AssignmentSettingsAnswer; reload(): void }) {
  const [hours, setHours] = useState(String(data.speed_to_lead_hours));
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await saveWithConflict(() => saveSpeedToLead(Number(hours), data.settings_version), 'Speed to lead saved.', reload);
  }
  return (
    <form className="crm-section crm-speed-form" aria-label="Speed to lead" onSubmit={submit}>
      <div className="crm-field">
        <label htmlFor="speed-to-lead-hours">Speed to lead (business hours)</label>
        <input
          id="speed-to-lead-hours"
          type="number"
          min={0.25}
          max={200}
          step={0.25}
          value={hours}
          aria-describedby="speed-to-lead-hint"
          onChange={(e) => setHours(e.currentTarget.value)}
        />
      </div>
      <button type="submit" className="crm-button crm-button--primary">
        Save speed to lead
      </button>
      <p id="speed-to-lead-hint" className="crm-muted">
        Business hours are 9:00–17:00 Toronto time, Monday to Friday, without Ontario statutory holidays. A lead with no call, e-mail or
        meeting by then is flagged Not contacted, and its owner and the admins get one reminder.
      </p>
    </form>
  );
}

function describeRule(rule: AssignmentRule, names: Map<string, string>): string {
  const filters = [
    rule.course_type === null ? 'any course type' : lookupTitle(COURSE_TYPES, rule.course_type),
    rule.location === null ? 'local and international' : lookupTitle(LOCATIONS, rule.location),
    rule.cap === null ? 'no cap' : `cap ${rule.cap} open New Lead leads`,
  ];
  const members = rule.member_ids.map((id) => names.get(id) ?? 'Former staff member').join(', ');
  return `${filters.join(' · ')} — ${members}`;
}

function Rules({ data, reload }: { data: AssignmentSettingsAnswer; reload(): void }) {
  const [editing, setEditing] = useState<string | null>(null);
  const names = new Map(data.eligible.map((m) => [m._id, m.name]));
  const save = (rule: AssignmentRule | null) => (input: AssignmentRuleInput) =>
    saveWithConflict(() => (rule ? saveRule(rule.id, { ...input, version: rule.version }) : createRule(input)), 'Rule saved.', reload);
  async function remove(rule: AssignmentRule) {
    const sure = await confirmAction({
      title: `Remove the rule ${rule.name}?`,
      message: 'New leads it would have matched go to the next matching rule, or stay unassigned.',
      confirmLabel: 'Remove rule',
    });
    if (sure) await saveWithConflict(() => removeRule(rule), 'Rule removed.', reload);
  }
  return (
    <section className="crm-section" aria-labelledby="rules-heading">
      <h2 id="rules-heading">Rules, in order</h2>
      <p className="crm-muted">
        A new lead is assigned by the first rule that is on and matches it, in turn among its counsellors. A lead someone assigns by hand
        keeps that owner.
      </p>
      {data.rules.length === 0 ? <p>No rules yet: new leads stay unassigned until someone assigns them.</p> : null}
      <ol className="crm-rule-list">
        {data.rules.map((rule) => (
          <li key={rule.id} className="crm-rule">
            {editing === rule.id ? (
              <RuleForm rule={rule} eligible={data.eligible} onSave={save(rule)} onCancel={() => setEditing(null)} />
            ) : (
              <>
                <p>
                  <strong>{rule.name}</strong> <span className="crm-badge">{rule.enabled ? 'On' : 'Off'}</span>
                </p>
                <p className="crm-muted">{describeRule(rule, names)}</p>
                <ItemActions
                  itemName={`rule ${rule.name}`}
                  onEdit={() => setEditing(rule.id)}
                  action="Remove"
                  onAction={() => void remove(rule)}
                />
              </>
            )}
          </li>
        ))}
      </ol>
      {editing === 'new' ? (
        <RuleForm rule={null} eligible={data.eligible} onSave={save(null)} onCancel={() => setEditing(null)} />
      ) : (
        <button type="button" className="crm-button crm-button--primary" onClick={() => setEditing('new')}>
          Add a rule
        </button>
      )}
    </section>
  );
}

function AssignmentSettings() {
  const { data, error, loading, reload } = useStaffQuery((signal) => fetchAssignment(signal), 'assignment');
  return (
    <>
      <LoadState loading={loading && !data} error={error} />
      {data ? (
        <>
          <SpeedToLeadForm key={`${data.settings_version}`} data={data} reload={reload} />
          <Rules data={data} reload={reload} />
        </>
      ) : null}
    </>
  );
}

export function AssignmentPage() {
  usePageTitle('Assignment');
  const account = useOwnAccount();
  return (
    <>
      <PageHeading>Assignment</PageHeading>
      {account === null ? (
        <LoadState loading error={null} />
      ) : isAdmin(account) ? (
        <AssignmentSettings />
      ) : (
        <p className="crm-alert" role="alert">
          Only an admin can change the assignment rules.
        </p>
      )}
    </>
  );
}
