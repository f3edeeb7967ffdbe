/**
 * The application's fields (issue 33), checked on the server two ways: a draft save takes any
 * subset of well-typed fields (saved as they type, so a half-filled step is kept), and a step's
 * check requires every field of that step and names each one at fault.
 */
import { isValidPhoneNumber } from 'libphonenumber-js/max';
import type { ApplicationAnswers, ApplicationStepId } from '../../src/application-contract';
import { applicationAnswersSchema } from '../../src/application-schemas';
import { InvalidInput, INVALID_INPUT_MESSAGE } from '../domain-errors';
import type { FieldErrors } from '../../src/field-errors';

/** Every field, optional: what a draft save accepts (the fields and their checks are the contract's). */
export const draftSchema = applicationAnswersSchema.strict();

const REQUIRED = 'Please fill in this field.';
const filled = (value: unknown) => typeof value === 'string' && value.trim() !== '';

type Check = (answers: ApplicationAnswers, today: string) => string | null;
const required: Check = () => null;

/** Per step: each field and what else it must satisfy beyond being filled. */
const STEP_FIELDS: Record<Exclude<ApplicationStepId, 'documents' | 'review'>, Partial<Record<keyof ApplicationAnswers, Check>>> = {
  personal: {
    first_name: required,
    last_name: required,
    phone: (a) => (isValidPhoneNumber(a.phone ?? '', 'CA') ? null : 'Please enter a valid phone number.'),
    date_of_birth: (a, today) => {
      const born = a.date_of_birth ?? '';
      const sixteen = `${Number(today.slice(0, 4)) - 16}${today.slice(4)}`;
      return born <= sixteen && born >= '1900-01-01' ? null : 'Please enter your date of birth (you must be 16 or older).';
    },
    address: required,
    city: required,
    province: required,
    postal_code: required,
    country: required,
    residency: required,
  },
  program: { course_id: required, intake_id: required },
  education: {
    education_level: required,
    institution: required,
    study_country: required,
    completion_year: (a, today) => {
      const year = Number(a.completion_year);
      return /^\d{4}$/.test(a.completion_year ?? '') && year >= 1950 && year <= Number(today.slice(0, 4)) + 1
        ? null
        : 'Please enter a year such as 2021.';
    },
  },
  english: { english_test: required, english_score: required, study_permit: required },
  declarations: {
    declare_true: (a) => (a.declare_true ? null : 'Please confirm that your answers are true and complete.'),
    accept_privacy: (a) => (a.accept_privacy ? null : 'Please confirm that you have read how we use your information.'),
  },
};

/** The steps an applicant has to complete, given their residency. */
export function stepsFor(answers: ApplicationAnswers): (keyof typeof STEP_FIELDS)[] {
  const steps: (keyof typeof STEP_FIELDS)[] = ['personal', 'program', 'education'];
  if (answers.residency === 'international') steps.push('english');
  steps.push('declarations');
  return steps;
}

/** The fields at fault in one step (empty when the step is complete). */
export function stepProblems(step: keyof typeof STEP_FIELDS, answers: ApplicationAnswers, today: string): FieldErrors {
  const problems: FieldErrors = {};
  for (const [field, check] of Object.entries(STEP_FIELDS[step]) as [keyof ApplicationAnswers, Check][]) {
    const problem = check === required ? (filled(answers[field]) ? null : REQUIRED) : check(answers, today);
    if (problem) problems[field] = problem;
  }
  return problems;
}

export function assertStepComplete(step: keyof typeof STEP_FIELDS, answers: ApplicationAnswers, today: string): void {
  const problems = stepProblems(step, answers, today);
  if (Object.keys(problems).length > 0) throw new InvalidInput(INVALID_INPUT_MESSAGE, problems);
}

export type CheckedStep = keyof typeof STEP_FIELDS;
export const isCheckedStep = (step: string): step is CheckedStep => step in STEP_FIELDS;
