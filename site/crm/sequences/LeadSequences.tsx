/** The lead page's sequences: where the lead is (next step and when), past ones, enrol and remove by hand. */
import { useState, type FormEvent } from 'react';
import { formatDateTime } from '../area/labels';
import { LoadState } from '../area/PageHeading';
import { useStaffQuery } from '../shared/useStaffQuery';
import { saveWithConflict } from '../work/saveWithConflict';
import { enrolLead, fetchLeadEnrolments, fetchSequences, removeFromSequence } from './sequences-api';

const STATE_TEXT = { active: 'In progress', left: 'Left', completed: 'Completed' } as const;

export function LeadSequences({ leadId, round, onChanged }: { leadId: string; round: number; onChanged(): void }) {
  const enrolments = useStaffQuery((signal) => fetchLeadEnrolments(leadId, signal), `${leadId}:${round}`);
  const sequences = useStaffQuery((signal) => fetchSequences(signal), 'sequences');
  const [choice, setChoice] = useState('');
  const [saving, setSaving] = useState(false);
  const active = new Set(enrolments.data?.enrolments.filter((e) => e.state === 'active').map((e) => e.sequence.id));
  const choices = (sequences.data?.sequences ?? []).filter((s) => !active.has(s.id));

  async function enrol(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!choice) return;
    setSaving(true);
    if (await saveWithConflict(() => enrolLead(leadId, choice), 'The lead is in the sequence.', onChanged)) setChoice('');
    setSaving(false);
  }

  return (
    <section className="crm-card" aria-labelledby="lead-sequences-heading">
      <h2 id="lead-sequences-heading">Sequences</h2>
      <LoadState loading={enrolments.loading && !enrolments.data} error={enrolments.error} />
      {enrolments.data && enrolments.data.enrolments.length === 0 ? <p className="crm-muted">Not in any sequence.</p> : null}
      <ul className="crm-sequence-list">
        {enrolments.data?.enrolments.map((e) => (
          <li key={e.id}>
            <strong>{e.sequence.name}</strong> · {STATE_TEXT[e.state]}
            {e.next_step ? ` · next: ${e.next_step}${e.next_due_at ? `, ${formatDateTime(e.next_due_at)}` : ''}` : ''}
            {e.left_reason ? ` · ${e.left_reason}` : ''}
            {e.state === 'active' ? (
              <>
                {' '}
                <button
                  type="button"
                  className="crm-button"
                  aria-label={`Remove from ${e.sequence.name}`}
                  onClick={() => void saveWithConflict(() => removeFromSequence(leadId, e.id), 'The lead left the sequence.', onChanged)}
                >
                  Remove
                </button>
              </>
            ) : null}
          </li>
        ))}
      </ul>
      {choices.length > 0 ? (
        <form className="crm-form crm-inline" onSubmit={enrol} aria-label="Enrol in a sequence">
          <div className="crm-field">
            <label htmlFor="lead-sequence-choice">Sequence</label>
            <select id="lead-sequence-choice" value={choice} required onChange={(event) => setChoice(event.currentTarget.value)}>
              <option value="">Choose a sequence</option>
              {choices.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                  {s.paused ? ' (paused)' : ''}
                </option>
              ))}
            </select>
          </div>
          <div>
            <button type="submit" className="crm-button crm-button--primary" disabled={saving || !choice}>
              Enrol
            </button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
