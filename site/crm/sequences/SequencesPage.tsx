/** Admins' sequences: every sequence with its state and leads in it, a new one, and the editor of one. */
import { useState } from 'react';
import { LoadState, PageHeading } from '../area/PageHeading';
import { usePageTitle } from '../shared/usePageTitle';
import { useStaffQuery } from '../shared/useStaffQuery';
import { useCatalogueAccess } from '../catalogue/access';
import { isAdmin } from '../stores/permissions';
import { describeEnrolment, describeStep } from '../../../src/sequence-text';
import { fetchSequences } from './sequences-api';
import { SequenceEditor } from './SequenceEditor';

export function SequencesPage() {
  usePageTitle('Sequences');
  const account = useCatalogueAccess((state) => state.account);
  const [round, setRound] = useState(0);
  const [editing, setEditing] = useState<string | null>(null);
  const { data, error, loading } = useStaffQuery((signal) => fetchSequences(signal), String(round));
  const templateName = (id: string) => data?.templates.find((t) => t.id === id)?.name ?? 'a retired template';
  const current = data?.sequences.find((s) => s.id === editing) ?? null;
  const admin = isAdmin(account);

  return (
    <>
      <PageHeading>Sequences</PageHeading>
      <p className="crm-muted">Follow-up that runs itself: e-mails go out in business hours (9:00–17:00 Toronto, Monday to Friday).</p>
      <LoadState loading={loading && !data} error={error} />
      <ul className="crm-sequence-list" aria-label="Sequences">
        {data?.sequences.map((s) => (
          <li key={s.id} className="crm-card">
            <h2>{s.name}</h2>
            <p>
              {s.paused ? 'Paused' : 'Running'} · {s.active} lead{s.active === 1 ? '' : 's'} in it
            </p>
            {describeEnrolment(s.rules).map((line) => (
              <p key={line}>{line}</p>
            ))}
            <ol>
              {s.steps.map((step, index) => (
                <li key={step.id ?? index}>{describeStep(step, templateName)}</li>
              ))}
            </ol>
            {admin ? (
              <button type="button" className="crm-button" aria-label={`Edit ${s.name}`} onClick={() => setEditing(s.id)}>
                Edit
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {admin ? (
        <>
          <p>
            <button type="button" className="crm-button" onClick={() => setEditing('new')}>
              New sequence
            </button>
          </p>
          {editing ? (
            <SequenceEditor
              key={`${editing}:${current?.version ?? 0}`}
              sequence={current}
              templates={data?.templates ?? []}
              onSaved={(id) => {
                setEditing(id);
                setRound((r) => r + 1);
              }}
            />
          ) : null}
        </>
      ) : (
        <p className="crm-muted">Only an admin can create or change sequences.</p>
      )}
    </>
  );
}
