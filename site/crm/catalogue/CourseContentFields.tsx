/** The decision content: tuition and fees, admission requirements, career outcomes, KPI figures. */
import { COURSE_LABELS, courseFieldId } from './course-labels';
import { DraftArea, DraftText, useCourseForm } from './CourseFormContext';
import { KPI_RATE_KEYS } from './course-draft';
import { errorFor } from './save';

export function CourseFees() {
  return (
    <fieldset className="crm-fieldset">
      <legend>Tuition and fees</legend>
      <p className="crm-hint crm-muted">Whole Canadian dollars. Leave every box empty if the fees are not published.</p>
      <div className="crm-form-grid">
        <DraftText k="fees.domestic_tuition" type="number" />
        <DraftText k="fees.international_tuition" type="number" hint="Empty when international students cannot enrol." />
        <DraftText k="fees.books_materials" type="number" />
        <DraftText k="fees.exam_vouchers" type="number" />
        <DraftArea k="fees.payment_plan" rows={2} className="crm-form-grid__full" />
      </div>
    </fieldset>
  );
}

function EnglishTests() {
  const { draft, update, errors } = useCourseForm();
  const tests = draft.english_tests;
  const set = (index: number, field: 'test' | 'score', value: string) =>
    update({ english_tests: tests.map((t, i) => (i === index ? { ...t, [field]: value } : t)) });
  const error = errorFor(errors, 'admission.english_tests');
  return (
    <div
      className="crm-form-grid__full"
      role="group"
      aria-labelledby="english-tests-label"
      aria-describedby={error ? `${courseFieldId('admission.english_tests')}-error` : undefined}
    >
      <p id="english-tests-label" className="crm-group-label">
        {COURSE_LABELS['admission.english_tests']}
      </p>
      {tests.map((test, index) => (
        <div className="crm-test-row" key={index}>
          <div className="crm-field">
            <label htmlFor={`english-test-${index}`}>Test {index + 1}</label>
            <input
              id={`english-test-${index}`}
              value={test.test}
              placeholder="IELTS Academic"
              onInput={(e) => set(index, 'test', e.currentTarget.value)}
            />
          </div>
          <div className="crm-field">
            <label htmlFor={`english-score-${index}`}>Minimum score {index + 1}</label>
            <input
              id={`english-score-${index}`}
              value={test.score}
              placeholder="6.0 overall, no band below 5.5"
              onInput={(e) => set(index, 'score', e.currentTarget.value)}
            />
          </div>
          <button
            type="button"
            className="crm-button"
            aria-label={`Remove test ${index + 1}`}
            onClick={() => update({ english_tests: tests.filter((_, i) => i !== index) })}
          >
            Remove
          </button>
        </div>
      ))}
      <button type="button" className="crm-button" onClick={() => update({ english_tests: [...tests, { test: '', score: '' }] })}>
        Add an English test
      </button>
      {error ? (
        <p id={`${courseFieldId('admission.english_tests')}-error`} className="crm-field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function CourseAdmission() {
  return (
    <fieldset className="crm-fieldset">
      <legend>Admission requirements</legend>
      <div className="crm-form-grid">
        <DraftArea k="admission.domestic" rows={4} className="crm-form-grid__full" />
        <DraftArea k="admission.international" rows={4} className="crm-form-grid__full" />
        <EnglishTests />
        <DraftArea
          k="admission.mature_student"
          rows={2}
          className="crm-form-grid__full"
          hint="How applicants without a diploma (mature students) are admitted; empty when there is no such route."
        />
      </div>
    </fieldset>
  );
}

export function CourseOutcomes() {
  return (
    <fieldset className="crm-fieldset">
      <legend>Career outcomes</legend>
      <div className="crm-form-grid">
        <DraftArea k="outcomes.job_titles" rows={4} className="crm-form-grid__full" />
        <DraftText
          k="outcomes.work_placement"
          className="crm-form-grid__full"
          hint="e.g. 8-week industry placement; empty when there is none."
        />
      </div>
    </fieldset>
  );
}

export function CourseKpi() {
  const { draft } = useCourseForm();
  if (!draft.vocational) return null;
  return (
    <fieldset className="crm-fieldset">
      <legend>KPI figures</legend>
      <p className="crm-hint crm-muted">Whole percentages (0–100) as reported to the Ontario ministry, with their reporting year.</p>
      <div className="crm-form-grid">
        <DraftText k="kpi.reporting_year" hint="e.g. 2023–2024" />
        {KPI_RATE_KEYS.map((k) => (
          <DraftText key={k} k={k} type="number" max={100} />
        ))}
      </div>
    </fieldset>
  );
}
