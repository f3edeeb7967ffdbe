/** One step of the application: its fields, saved as typed, checked on "Save and continue". */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError, fieldErrorsOf } from '../../src/api-client';
import type { ApplicantApplication, ApplicationStepId } from '../../src/application-contract';
import type { CourseOption } from '../../src/contract';
import { checkStep } from './applicant-api';
import { STEP_FIELDS } from './step-fields';
import { StepField } from './StepField';
import { useDraft } from './useDraft';
import { formatDate } from '../lib/courses';
import { Problem } from './Problem';

interface Props {
  step: ApplicationStepId;
  application: ApplicantApplication;
  courses: CourseOption[];
  onSaved: (next: ApplicantApplication) => void;
  onDone: (next: ApplicantApplication) => void;
}

const SAVE_TEXT = { idle: '', saving: 'Saving…', saved: 'All changes saved', failed: '' } as const;

export function StepForm({ step, application, courses, onSaved, onDone }: Props) {
  const { answers, change, flush, state, problem } = useDraft(application, onSaved);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    const first = Object.keys(problems)[0];
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }, [problems]);

  async function next(event: FormEvent) {
    event.preventDefault();
    if (!(await flush())) return;
    try {
      const checked = await checkStep(step);
      setProblems({});
      setMessage(null);
      onDone(checked);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setMessage(error.message);
      setProblems(fieldErrorsOf(error.body));
    }
  }

  const optionsFor = (name: string) => {
    if (name === 'course_id') return courses.map((c) => ({ value: c._id, label: c.course_name }));
    if (name === 'intake_id') {
      return application.intakes.map((i) => ({
        value: i._id,
        label: `${formatDate(i.start_date)} · ${i.schedule} · ${i.delivery_mode === 2 ? 'Online' : 'On campus'}`,
      }));
    }
    return undefined;
  };

  return (
    <form ref={form} onSubmit={(event) => void next(event)} noValidate className="apply-step">
      {(STEP_FIELDS[step] ?? []).map((spec) => (
        <StepField
          key={spec.name}
          spec={spec}
          value={answers[spec.name]}
          problem={problems[spec.name]}
          options={optionsFor(spec.name)}
          onChange={(value) => {
            change(spec.name, value);
            // A new program lists its own intakes: saved at once, so the list follows.
            if (spec.name === 'course_id') void flush();
          }}
        />
      ))}
      <Problem>{message}</Problem>
      <Problem>{problem}</Problem>
      <div className="apply-actions">
        <button type="submit" className="btn btn-primary">
          Save and continue
        </button>
        <span className="apply-saved" role="status" aria-live="polite">
          {SAVE_TEXT[state]}
        </span>
      </div>
    </form>
  );
}
