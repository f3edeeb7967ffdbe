/**
 * "Contract terms" in the course editor (issue 34): what an enrolment contract states about the
 * program (approved name, language, hours, delivery, locations, online details, practicum) and its
 * published fees, typed in dollars and saved in cents. Saved whole with the version read; when
 * someone saved meanwhile, their version is shown to reapply the change on. What a contract would
 * still lack is listed, so staff see why one cannot be issued.
 */
import { useEffect, useState } from 'react';
import { ApiError } from '../../../src/api-client';
import { crmEnrolmentPaths } from '../../../src/enrolment-contract';
import { type ProgramTerms } from '../../../src/program-terms-contract';
import { staffFetch } from '../shared/api';
import { notify } from '../shared/notify';
import { useStaffQuery } from '../shared/useStaffQuery';
import { useSaveState } from './useSaveState';
import { useFocusNext } from '../shared/useFocusNext';
import { formOf, missingOf, newFeeKey, saveOf, type FeeRow, type TermsForm } from './contract-terms-form';
import { ProgramFeesFields } from './ProgramFeesFields';
import { ProgramTermsFields } from './ProgramTermsFields';

const pathOf = (courseId: string) => crmEnrolmentPaths.programTerms(courseId).replace(/^\/api/, '');

function isConflict(failure: unknown): failure is ApiError & { body: { current: ProgramTerms } } {
  return (
    failure instanceof ApiError &&
    failure.status === 409 &&
    typeof failure.body === 'object' &&
    failure.body !== null &&
    'current' in failure.body
  );
}

export function ContractTermsEditor({ courseId }: { courseId: string }) {
  const { data, error } = useStaffQuery((signal) => staffFetch<ProgramTerms>(pathOf(courseId), { signal }), `terms:${courseId}`);
  const [saved, setSaved] = useState<ProgramTerms | null>(null);
  const [form, setForm] = useState<TermsForm | null>(null);
  const { errors, setErrors, problem, setProblem, saving, run } = useSaveState();
  const current = saved ?? data;
  // After adding or removing a fee, focus moves to the new fee's name or the add button.
  const focusNext = useFocusNext();

  useEffect(() => {
    if (data && form === null) setForm(formOf(data));
  }, [data, form]);

  if (!form || !current)
    return (
      <section className="crm-card crm-terms" aria-labelledby="terms-heading">
        <h2 id="terms-heading">Contract terms</h2>
        {error ? (
          <p className="crm-alert" role="alert">
            {error}
          </p>
        ) : (
          <p role="status">Loading the contract terms…</p>
        )}
      </section>
    );

  const set = (patch: Partial<TermsForm>) => setForm({ ...form, ...patch });
  const setFee = (key: string, patch: Partial<FeeRow>) =>
    set({ fees: form.fees.map((fee) => (fee.key === key ? { ...fee, ...patch } : fee)) });
  const missing = missingOf(current);

  async function save(state: TermsForm) {
    setProblem(null);
    const built = saveOf(state);
    if ('errors' in built) {
      setErrors(built.errors);
      setProblem('Please correct the highlighted fields.');
      return;
    }
    await run(
      async () => {
        const next = await staffFetch<ProgramTerms>(pathOf(courseId), { method: 'PUT', body: built.save });
        setSaved(next);
        setForm(formOf(next));
        notify.success('Contract terms saved. New contracts state them.');
      },
      (failure) => {
        if (!isConflict(failure)) return false;
        setSaved(failure.body.current);
        setForm(formOf(failure.body.current));
        return true;
      },
    );
  }

  return (
    <section className="crm-card crm-terms" aria-labelledby="terms-heading">
      <h2 id="terms-heading">Contract terms</h2>
      <p className="crm-muted">
        What the enrolment contract states about this program (Ontario Career Colleges Act, 2005; O. Reg. 415/06).
      </p>
      {missing.length > 0 ? (
        <div className="crm-terms__missing">
          <p>A contract cannot be issued until these are filled in and saved:</p>
          <ul>
            {missing.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="crm-muted">Every element a contract needs from the program is filled in.</p>
      )}
      <form
        className="crm-terms__form"
        aria-labelledby="terms-heading"
        onSubmit={(event) => {
          event.preventDefault();
          void save(form);
        }}
      >
        <ProgramTermsFields form={form} errors={errors} set={set} />
        <ProgramFeesFields
          fees={form.fees}
          errors={errors}
          onFee={setFee}
          onRemove={(key) => {
            focusNext.current = 'terms-add-fee';
            set({ fees: form.fees.filter((f) => f.key !== key) });
          }}
        />
        {problem ? (
          <p className="crm-alert" role="alert">
            {problem}
          </p>
        ) : null}
        <div className="crm-form-actions">
          <button
            type="button"
            id="terms-add-fee"
            className="crm-button"
            onClick={() => {
              const key = newFeeKey();
              focusNext.current = `${key}-label`;
              set({ fees: [...form.fees, { key, label: '', amount: '', kind: 'compulsory', applies_to: 'all' }] });
            }}
          >
            Add a fee
          </button>
          <button type="submit" className="crm-button crm-button--primary" disabled={saving}>
            Save contract terms
          </button>
        </div>
      </form>
    </section>
  );
}
