/** The fields of each step (issue 33): label, kind and choices. The server checks them again (application-answers.ts). */
import type { ApplicationAnswers, ApplicationStepId } from '../../src/application-contract';

export interface FieldSpec {
  name: keyof ApplicationAnswers;
  label: string;
  kind: 'text' | 'tel' | 'date' | 'select' | 'radio' | 'checkbox';
  autoComplete?: string;
  options?: readonly { value: string; label: string }[];
  hint?: string;
}

const choices = (...labels: string[]) => labels.map((label) => ({ value: label, label }));

export const STEP_FIELDS: Partial<Record<ApplicationStepId, FieldSpec[]>> = {
  personal: [
    { name: 'first_name', label: 'First name', kind: 'text', autoComplete: 'given-name' },
    { name: 'last_name', label: 'Last name', kind: 'text', autoComplete: 'family-name' },
    { name: 'phone', label: 'Phone', kind: 'tel', autoComplete: 'tel' },
    { name: 'date_of_birth', label: 'Date of birth', kind: 'date', autoComplete: 'bday' },
    { name: 'address', label: 'Street address', kind: 'text', autoComplete: 'street-address' },
    { name: 'city', label: 'City', kind: 'text', autoComplete: 'address-level2' },
    { name: 'province', label: 'Province or state', kind: 'text', autoComplete: 'address-level1' },
    { name: 'postal_code', label: 'Postal code', kind: 'text', autoComplete: 'postal-code' },
    { name: 'country', label: 'Country', kind: 'text', autoComplete: 'country-name' },
    {
      name: 'residency',
      label: 'I am applying as',
      kind: 'radio',
      options: [
        { value: 'local', label: 'A local student (Canadian citizen or permanent resident)' },
        { value: 'international', label: 'An international student' },
      ],
    },
  ],
  program: [
    { name: 'course_id', label: 'Program', kind: 'select' },
    { name: 'intake_id', label: 'Intake', kind: 'select', hint: 'Only intakes that have not started and still have seats are listed.' },
  ],
  education: [
    {
      name: 'education_level',
      label: 'Highest education completed',
      kind: 'select',
      options: choices('High school diploma', 'College diploma or certificate', "Bachelor's degree", "Master's degree or higher", 'Other'),
    },
    { name: 'institution', label: 'School or institution', kind: 'text' },
    { name: 'study_country', label: 'Country of study', kind: 'text' },
    { name: 'completion_year', label: 'Year completed', kind: 'text', hint: 'For example 2021.' },
  ],
  english: [
    {
      name: 'english_test',
      label: 'English proficiency test',
      kind: 'select',
      options: choices('IELTS Academic', 'TOEFL iBT', 'Duolingo English Test', 'PTE Academic', 'Not taken yet'),
    },
    { name: 'english_score', label: 'Score, or the date you will take the test', kind: 'text' },
    {
      name: 'study_permit',
      label: 'Study permit',
      kind: 'select',
      options: choices('I have a study permit', 'I have applied for one', 'I will apply after admission', 'I do not need one'),
    },
  ],
  declarations: [
    { name: 'declare_true', label: 'I declare that the information in this application is true and complete.', kind: 'checkbox' },
    {
      name: 'accept_privacy',
      label: 'I have read how the college uses my information to process this application.',
      kind: 'checkbox',
    },
  ],
};

/** The steps this applicant goes through: the English step only for international applicants. */
export function stepsFor(answers: ApplicationAnswers): ApplicationStepId[] {
  const all: ApplicationStepId[] = ['personal', 'program', 'education', 'english', 'declarations', 'documents', 'review'];
  return all.filter((step) => step !== 'english' || answers.residency === 'international');
}
