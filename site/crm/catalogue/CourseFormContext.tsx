/** The course draft, its setter and the server's field errors, shared by the editor's fieldsets. */
import { createContext, useContext } from 'react';
import type { CourseDraft, TextKey } from './course-draft';
import { COURSE_LABELS, courseFieldId } from './course-labels';
import type { FieldErrors } from '../../../src/field-errors';
import { errorFor } from './save';
import { AreaField, SelectField, TextField, type Choice } from './fields';

export interface CourseForm {
  draft: CourseDraft;
  setText(key: TextKey, value: string): void;
  update(change: Partial<Omit<CourseDraft, 'text'>>): void;
  errors: FieldErrors;
}

export const CourseFormContext = createContext<CourseForm | null>(null);

export function useCourseForm(): CourseForm {
  const form = useContext(CourseFormContext);
  if (!form) throw new Error('useCourseForm outside the course editor');
  return form;
}

type Extra = { hint?: string; className?: string; required?: boolean };

export function DraftText({ k, type = 'text', ...extra }: Extra & { k: TextKey; type?: 'text' | 'number'; max?: number }) {
  const { draft, setText, errors } = useCourseForm();
  return (
    <TextField
      id={courseFieldId(k)}
      label={COURSE_LABELS[k]}
      value={draft.text[k]}
      onValue={(v) => setText(k, v)}
      type={type}
      error={errorFor(errors, k)}
      min={type === 'number' ? 0 : undefined}
      step={type === 'number' ? '1' : undefined}
      {...extra}
    />
  );
}

export function DraftArea({ k, rows, ...extra }: Extra & { k: TextKey; rows?: number }) {
  const { draft, setText, errors } = useCourseForm();
  return (
    <AreaField
      id={courseFieldId(k)}
      label={COURSE_LABELS[k]}
      value={draft.text[k]}
      onValue={(v) => setText(k, v)}
      error={errorFor(errors, k)}
      rows={rows}
      {...extra}
    />
  );
}

export function DraftSelect({ k, choices, ...extra }: Extra & { k: TextKey; choices: readonly Choice[] }) {
  const { draft, setText, errors } = useCourseForm();
  return (
    <SelectField
      id={courseFieldId(k)}
      label={COURSE_LABELS[k]}
      value={draft.text[k]}
      onValue={(v) => setText(k, v)}
      choices={choices}
      error={errorFor(errors, k)}
      {...extra}
    />
  );
}
