/**
 * /catalogue/enrolment-settings (admins; issue 34): the college's legal name as contracts state
 * it, the policies students acknowledge (title and where they read it), and the partial-refund
 * schedule copied from the regulation with its section. Until a schedule is saved, a withdrawal
 * after the start makes a refund task for staff to complete.
 */
import { useEffect, useState } from 'react';
import { useSaveState } from './useSaveState';
import { crmEnrolmentPaths } from '../../../src/enrolment-contract';
import { REQUIRED_POLICIES, type EnrolmentSettings, type EnrolmentSettingsSave } from '../../../src/program-terms-contract';
import { LoadState, PageHeading } from '../area/PageHeading';
import { staffFetch } from '../shared/api';
import { notify } from '../shared/notify';
import { usePageTitle } from '../shared/usePageTitle';
import { useStaffQuery } from '../shared/useStaffQuery';
import { useCatalogueAccess } from './access';
import { CatalogueTabs } from './CatalogueTabs';
import { TextField } from './fields';
import { RefundScheduleFields, stepsOf, scheduleOf, type StepRow } from './RefundScheduleFields';

const PATH = crmEnrolmentPaths.settings.replace(/^\/api/, '');

interface Form {
  legal_name: string;
  policies: EnrolmentSettings['policies'];
  steps: StepRow[];
  source: string;
}

const formOf = (settings: EnrolmentSettings): Form => ({
  legal_name: settings.legal_name,
  // The three required policies always have a row; any other saved policy is kept as it is.
  policies: [
    ...REQUIRED_POLICIES.map((p) => settings.policies.find((s) => s.key === p.key) ?? { key: p.key, title: p.title, url: '' }),
    ...settings.policies.filter((s) => !REQUIRED_POLICIES.some((p) => p.key === s.key)),
  ],
  steps: stepsOf(settings.refund_schedule),
  source: settings.refund_schedule_source ?? '',
});

export function EnrolmentSettingsPage() {
  usePageTitle('Enrolment settings');
  const isAdmin = useCatalogueAccess((state) => state.account?.role === 'admin');
  const { data, error } = useStaffQuery((signal) => staffFetch<EnrolmentSettings>(PATH, { signal }), 'enrolment-settings');
  const [form, setForm] = useState<Form | null>(null);
  const { errors, setErrors, problem, setProblem, saving, run } = useSaveState();
  useEffect(() => {
    if (data && form === null) setForm(formOf(data));
  }, [data, form]);

  async function save(state: Form) {
    const schedule = scheduleOf(state.steps);
    if ('errors' in schedule) {
      setErrors(schedule.errors);
      setProblem('Please correct the highlighted fields.');
      return;
    }
    const body: EnrolmentSettingsSave = {
      legal_name: state.legal_name,
      policies: state.policies,
      refund_schedule: schedule.steps,
      refund_schedule_source: state.source.trim() || null,
    };
    await run(async () => {
      setForm(formOf(await staffFetch<EnrolmentSettings>(PATH, { method: 'PUT', body })));
      notify.success('Enrolment settings saved.');
    });
  }

  const setPolicy = (index: number, patch: { title?: string; url?: string }) =>
    form && setForm({ ...form, policies: form.policies.map((p, i) => (i === index ? { ...p, ...patch } : p)) });
  return (
    <>
      <CatalogueTabs />
      <PageHeading>Enrolment settings</PageHeading>
      {!isAdmin ? (
        <p className="crm-alert" role="alert">
          Only an admin can change the enrolment settings.
        </p>
      ) : null}
      <LoadState loading={!form && !error} error={error} />
      {form && isAdmin ? (
        <form
          className="crm-card crm-terms__form"
          aria-label="Enrolment settings"
          onSubmit={(event) => {
            event.preventDefault();
            void save(form);
          }}
        >
          <TextField
            id="settings-legal-name"
            label="College's legal name"
            hint="As registered; every contract states it."
            value={form.legal_name}
            maxLength={200}
            error={errors.legal_name}
            onValue={(v) => setForm({ ...form, legal_name: v })}
          />
          <h2>Policies students acknowledge</h2>
          {form.policies.map((policy, index) => (
            <fieldset key={policy.key} className="crm-terms__policy">
              <legend>{REQUIRED_POLICIES.find((p) => p.key === policy.key)?.title ?? policy.title}</legend>
              <TextField
                id={`policy-${policy.key}-title`}
                label="Title"
                value={policy.title}
                maxLength={200}
                error={errors[`policies.${index}.title`]}
                onValue={(v) => setPolicy(index, { title: v })}
              />
              <TextField
                id={`policy-${policy.key}-url`}
                label="Where students read it"
                hint="A path on this site, such as /policies, or an https:// address."
                value={policy.url}
                error={errors[`policies.${index}.url`]}
                onValue={(v) => setPolicy(index, { url: v })}
              />
            </fieldset>
          ))}
          <RefundScheduleFields
            steps={form.steps}
            source={form.source}
            errors={errors}
            onSteps={(steps) => setForm({ ...form, steps })}
            onSource={(source) => setForm({ ...form, source })}
          />
          {problem ? (
            <p className="crm-alert" role="alert">
              {problem}
            </p>
          ) : null}
          <div className="crm-form-actions">
            <button type="submit" className="crm-button crm-button--primary" disabled={saving}>
              Save enrolment settings
            </button>
          </div>
        </form>
      ) : null}
    </>
  );
}
