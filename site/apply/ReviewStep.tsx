/** The last step: every answer at a glance, each step one click away, and Submit. */
import { useState } from 'react';
import { ApiError, fieldErrorsOf } from '../../src/api-client';
import { APPLICATION_STEPS, type ApplicantApplication, type ApplicationStepId } from '../../src/application-contract';
import type { CourseOption } from '../../src/contract';
import { submit } from './applicant-api';
import { STEP_FIELDS, stepsFor } from './step-fields';
import { formatDate } from '../lib/courses';
import { Problem } from './Problem';

interface Props {
  application: ApplicantApplication;
  courses: CourseOption[];
  onSubmitted: (next: ApplicantApplication) => void;
  onEdit: (step: ApplicationStepId) => void;
}

export function ReviewStep({ application, courses, onSubmitted, onEdit }: Props) {
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const a = application.answers;

  const shown = (name: keyof typeof a): string => {
    const value = a[name];
    if (name === 'course_id') return courses.find((c) => c._id === value)?.course_name ?? '';
    if (name === 'intake_id') {
      const intake = application.intakes.find((i) => i._id === value);
      return intake ? formatDate(intake.start_date) : '';
    }
    if (name === 'residency') return value === 'international' ? 'International student' : value === 'local' ? 'Local student' : '';
    if (typeof value === 'boolean') return value ? 'Yes' : 'No';
    return value ?? '';
  };

  async function send() {
    setBusy(true);
    setProblem(null);
    try {
      onSubmitted(await submit());
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const fields = Object.keys(fieldErrorsOf(error.body));
      setProblem(fields.length > 0 ? `${error.message} Some steps are not complete yet.` : error.message);
    } finally {
      setBusy(false);
    }
  }

  const uploaded = new Set(application.documents.map((d) => d.item_id));
  return (
    <div className="apply-review">
      {stepsFor(a)
        .filter((step) => STEP_FIELDS[step])
        .map((step) => (
          <section key={step} className="apply-review__part" aria-labelledby={`review-${step}`}>
            <h2 id={`review-${step}`}>{APPLICATION_STEPS.find((s) => s.id === step)?.title}</h2>
            <dl>
              {(STEP_FIELDS[step] ?? []).map((spec) => (
                <div key={spec.name}>
                  <dt>{spec.label}</dt>
                  <dd>{shown(spec.name) || <em>Not answered</em>}</dd>
                </div>
              ))}
            </dl>
            <button type="button" className="apply-linkbutton" onClick={() => onEdit(step)}>
              Change {APPLICATION_STEPS.find((s) => s.id === step)?.title.toLowerCase()}
            </button>
          </section>
        ))}
      <section className="apply-review__part" aria-labelledby="review-documents">
        <h2 id="review-documents">Documents</h2>
        <ul>
          {application.checklist.map((item) => (
            <li key={item._id}>
              {item.title}: {uploaded.has(item._id) ? 'uploaded' : item.required ? <strong>still needed</strong> : 'optional, not uploaded'}
            </li>
          ))}
        </ul>
      </section>
      <Problem>{problem}</Problem>
      <div className="apply-actions">
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void send()}>
          {busy ? 'Submitting…' : 'Submit application'}
        </button>
      </div>
    </div>
  );
}
