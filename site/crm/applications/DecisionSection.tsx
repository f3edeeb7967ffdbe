/**
 * The decision (issue 33): the released letter, or "Release decision" — a dialog with the decision,
 * the conditions when conditional, and a preview of the letter as the applicant will read it.
 * The server releases once; a second release (another tab) is refused with its message.
 */
import { useState } from 'react';
import { COLLEGE } from '../../../src/college';
import { DECISIONS, decisionTitle, fillLetter, type Decision, type StaffApplication } from '../../../src/application-contract';
import { errorMessage } from '../shared/api';
import { notify } from '../shared/notify';
import { useStaffQuery } from '../shared/useStaffQuery';
import { fetchLetters, releaseDecision } from './applications-api';
import { FormDialog } from './FormDialog';
import { formatDateTime } from '../area/labels';

const RELEASABLE = ['submitted', 'under_review'];

export function DecisionSection({ application, onChanged }: { application: StaffApplication; onChanged(next: StaffApplication): void }) {
  const [open, setOpen] = useState(false);
  const [decision, setDecision] = useState<Decision>('admitted');
  const [conditions, setConditions] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const letters = useStaffQuery((signal) => fetchLetters(signal), 'decision-letters');
  const template = letters.data?.letters.find((l) => l.decision === decision);
  const values = {
    first_name: application.answers.first_name ?? '',
    last_name: application.answers.last_name ?? '',
    program: application.program ?? 'the program you applied to',
    intake: application.intake ?? 'the next intake',
    conditions: conditions.trim(),
    college: COLLEGE.name,
  };

  async function release() {
    setBusy(true);
    try {
      const body = decision === 'conditionally_admitted' ? { decision, conditions: conditions.trim() } : { decision };
      onChanged(await releaseDecision(application._id, body));
      notify.success(`Decision released: ${decisionTitle(decision)}.`);
      setOpen(false);
    } catch (caught) {
      setProblem(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="crm-card" aria-labelledby="app-decision">
      <h2 id="app-decision">Decision</h2>
      {application.decision ? (
        <>
          <p>
            <strong>{decisionTitle(application.decision.decision)}</strong>, released {formatDateTime(application.decision.released_at)}
          </p>
          <pre className="crm-app-letter">{application.decision.letter}</pre>
        </>
      ) : RELEASABLE.includes(application.status) ? (
        <button
          type="button"
          className="crm-button crm-button--primary"
          onClick={() => {
            setProblem(null);
            setOpen(true);
          }}
        >
          Release decision
        </button>
      ) : (
        <p className="crm-muted">A decision can be released once the application is submitted and no item is missing.</p>
      )}
      <FormDialog
        id="app-release"
        title="Release decision"
        open={open}
        busy={busy}
        submitLabel="Release and e-mail"
        onClose={() => setOpen(false)}
        onSubmit={() => void release()}
      >
        <div className="crm-field">
          <label htmlFor="app-decision-choice">Decision</label>
          <select id="app-decision-choice" value={decision} onChange={(e) => setDecision(e.currentTarget.value as Decision)}>
            {DECISIONS.map((d) => (
              <option key={d.id} value={d.id}>
                {d.title}
              </option>
            ))}
          </select>
        </div>
        {decision === 'conditionally_admitted' ? (
          <div className="crm-field">
            <label htmlFor="app-conditions">Conditions</label>
            <textarea
              id="app-conditions"
              rows={3}
              maxLength={2000}
              value={conditions}
              onInput={(e) => setConditions(e.currentTarget.value)}
            />
          </div>
        ) : null}
        {template ? (
          <div className="crm-app-preview" aria-label="Letter preview" role="region" tabIndex={0}>
            <p>
              <strong>{fillLetter(template.subject, values)}</strong>
            </p>
            <pre className="crm-app-letter">{fillLetter(template.body, values)}</pre>
          </div>
        ) : null}
        {problem ? (
          <p className="crm-field-error" role="alert">
            {problem}
          </p>
        ) : null}
      </FormDialog>
    </section>
  );
}
