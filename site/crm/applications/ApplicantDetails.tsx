/** The applicant's answers by step (issue 33), as label and value; unanswered fields show a dash. */
import type { ApplicationAnswers, StaffApplication } from '../../../src/application-contract';

type Field = readonly [key: keyof ApplicationAnswers, label: string];

const STEPS: readonly { title: string; fields: readonly Field[]; international?: true }[] = [
  {
    title: 'Personal details',
    fields: [
      ['first_name', 'First name'],
      ['last_name', 'Last name'],
      ['phone', 'Phone'],
      ['date_of_birth', 'Date of birth'],
      ['address', 'Address'],
      ['city', 'City'],
      ['province', 'Province'],
      ['postal_code', 'Postal code'],
      ['country', 'Country'],
      ['residency', 'Residency'],
    ],
  },
  {
    title: 'Education history',
    fields: [
      ['education_level', 'Highest education'],
      ['institution', 'Institution'],
      ['study_country', 'Country of study'],
      ['completion_year', 'Completed'],
    ],
  },
  {
    title: 'English and study permit',
    international: true,
    fields: [
      ['english_test', 'English test'],
      ['english_score', 'Score'],
      ['study_permit', 'Study permit'],
    ],
  },
  {
    title: 'Declarations',
    fields: [
      ['declare_true', 'Declared the information true'],
      ['accept_privacy', 'Accepted the privacy notice'],
    ],
  },
];

const shown = (value: ApplicationAnswers[keyof ApplicationAnswers]) =>
  value === undefined || value === '' ? '—' : value === true ? 'Yes' : value === false ? 'No' : String(value);

export function ApplicantDetails({ application }: { application: StaffApplication }) {
  const international = application.answers.residency === 'international';
  return (
    <section className="crm-card" aria-labelledby="app-details">
      <h2 id="app-details">Applicant details</h2>
      <div className="crm-app-steps">
        <div>
          <h3>Program and intake</h3>
          <dl className="crm-app-fields">
            <dt>Program</dt>
            <dd>{application.program ?? '—'}</dd>
            <dt>Intake</dt>
            <dd>{application.intake ?? '—'}</dd>
          </dl>
        </div>
        {STEPS.filter((step) => !step.international || international).map((step) => (
          <div key={step.title}>
            <h3>{step.title}</h3>
            <dl className="crm-app-fields">
              {step.fields.map(([key, label]) => (
                <div key={key} className="crm-app-field">
                  <dt>{label}</dt>
                  <dd>{shown(application.answers[key])}</dd>
                </div>
              ))}
            </dl>
          </div>
        ))}
      </div>
    </section>
  );
}
