/**
 * Compare two leads side by side and merge them (issue 23): /crm/leads/merge?keep=…&merge=….
 * Each field where they differ has a choice (the kept lead's value is preselected); "Keep the
 * other one" swaps them; Merge asks first, then every record of the merged lead moves to the kept
 * one on the server. A 409 (merged meanwhile by someone else) is shown as the server says it.
 * Two leads of the same name are told apart by e-mail and date where one is chosen (issue 31).
 */
import { useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { ApiError } from '../../../src/api-client';
import type { StaffLead } from '../../../src/contract';
import { MERGE_FIELDS, type MergeField } from '../../../src/merge-contract';
import { fetchLead } from '../shared/api';
import { confirmAction } from '../shared/confirm';
import { notify } from '../shared/notify';
import { usePageTitle } from '../shared/usePageTitle';
import { useStaffQuery } from '../shared/useStaffQuery';
import { formatDateTime, fullName } from '../area/labels';
import { LoadState, PageHeading } from '../area/PageHeading';
import { comparePath, mergeLeads } from './merge-api';
import { differs, fieldLabel } from './merge-fields';
import { choiceName } from './merge-names';

type Choices = Partial<Record<MergeField, 'keep' | 'merge'>>;

function ChoiceTable({
  keep,
  merge,
  choices,
  onChoose,
}: {
  keep: StaffLead;
  merge: StaffLead;
  choices: Choices;
  onChoose(field: MergeField, side: 'keep' | 'merge'): void;
}) {
  const fields = MERGE_FIELDS.filter((f) => differs(keep, merge, f.id));
  if (fields.length === 0) return <p>The two leads have the same details; only their records need joining.</p>;
  return (
    <>
      <p id="merge-fields-caption">Fields that differ: choose the value the kept lead will have.</p>
      <div className="crm-table-wrap" role="region" aria-label="Fields that differ" tabIndex={0}>
        <table className="crm-table crm-merge-table" aria-labelledby="merge-fields-caption">
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Kept: {choiceName(keep, merge)}</th>
              <th scope="col">Merged: {choiceName(merge, keep)}</th>
            </tr>
          </thead>
          <tbody>
            {fields.map(({ id, title }) => (
              <tr key={id}>
                <th scope="row">{title}</th>
                {(['keep', 'merge'] as const).map((side) => (
                  <td key={side} data-label={side === 'keep' ? 'Kept lead' : 'Merged lead'}>
                    <label className="crm-merge-choice">
                      <input
                        type="radio"
                        name={`merge-${id}`}
                        value={side}
                        checked={(choices[id] ?? 'keep') === side}
                        onChange={() => onChoose(id, side)}
                        aria-label={`${title}: ${fieldLabel(side === 'keep' ? keep : merge, id)} (${side === 'keep' ? 'kept lead' : 'merged lead'})`}
                      />{' '}
                      {fieldLabel(side === 'keep' ? keep : merge, id)}
                    </label>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

export function MergePage() {
  usePageTitle('Compare and merge - Leads');
  const params = new URLSearchParams(useSearch());
  const keepId = params.get('keep') ?? '';
  const mergeId = params.get('merge') ?? '';
  const [, navigate] = useLocation();
  const [choices, setChoices] = useState<Choices>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { data, error, loading } = useStaffQuery(
    (signal) => Promise.all([fetchLead(keepId, signal), fetchLead(mergeId, signal)]),
    `${keepId}:${mergeId}`,
  );
  const [keep, merge] = data ?? [null, null];

  async function submit() {
    if (!keep || !merge) return;
    const confirmed = await confirmAction({
      title: `Merge ${choiceName(merge, keep)} into ${choiceName(keep, merge)}?`,
      message: `Every inquiry, activity, note, e-mail and other record of ${choiceName(merge, keep)} moves to ${choiceName(keep, merge)}, with the values chosen above. The merged lead stays only as a pointer to the kept one.`,
      confirmLabel: 'Merge',
    });
    if (!confirmed) return;
    setBusy(true);
    setProblem(null);
    try {
      const answer = await mergeLeads({ keepId: keep._id, mergeId: merge._id, fields: choices });
      notify.success(answer.message);
      navigate(`/leads/${keep._id}`);
    } catch (failure) {
      const message = failure instanceof ApiError ? failure.message : 'The merge failed. Please try again.';
      setProblem(message);
      notify.error(message);
    } finally {
      setBusy(false);
    }
  }

  const merged = keep?.merged_into || merge?.merged_into;
  return (
    <>
      <p className="crm-back">
        <Link href="/leads">← All leads</Link>
      </p>
      <PageHeading>Compare and merge</PageHeading>
      <LoadState loading={loading && !data} error={error} />
      {keep && merge ? (
        <section className="crm-card" aria-labelledby="merge-heading">
          <h2 id="merge-heading">Which lead to keep</h2>
          <p>
            Keep <Link href={`/leads/${keep._id}`}>{fullName(keep)}</Link> ({keep.email}, received {formatDateTime(keep.created_at)}) and
            merge <Link href={`/leads/${merge._id}`}>{fullName(merge)}</Link> ({merge.email}, received {formatDateTime(merge.created_at)})
            into it.
          </p>
          <p>
            <Link href={comparePath(merge._id, keep._id)} onClick={() => setChoices({})}>
              Keep {choiceName(merge, keep)} instead
            </Link>
          </p>
          {merged ? (
            <p role="alert">One of these leads has already been merged. Open it to see the lead it became.</p>
          ) : (
            <>
              <ChoiceTable
                keep={keep}
                merge={merge}
                choices={choices}
                onChoose={(field, side) => setChoices((c) => ({ ...c, [field]: side }))}
              />
              {problem ? (
                <p className="crm-error" role="alert">
                  {problem}
                </p>
              ) : null}
              <button type="button" className="crm-button crm-button--primary" disabled={busy} onClick={() => void submit()}>
                Merge leads
              </button>
            </>
          )}
        </section>
      ) : null}
    </>
  );
}
