/**
 * The applicant portal's wire contract (issue 33): the applicant's sign-in by e-mailed link, the
 * application in steps, its checklist and documents, the staff review, the decision and the
 * applicant's answer. Shared by the server, the portal (/apply) and the CRM.
 */
import type { Id } from './wire-basics';
import type { AppliesTo } from './application-schemas';
import { APPLICATION_STATUSES, DECISIONS, type ApplicationStatus, type Decision } from './application-kinds';

export {
  APPLICANT_ANSWERS,
  APPLICATION_STATUSES,
  DECISIONS,
  type ApplicantAnswer,
  type ApplicationStatus,
  type Decision,
} from './application-kinds';
// The answers are zod schemas (src/application-schemas.ts, server-only values); their types come from there.
export type {
  ApplicantApplication,
  ApplicantSession,
  ApplicationAnswers,
  ApplicationDocument,
  ApplicationListPage,
  ApplicationListRow,
  ApplicationNote,
  AppliesTo,
  ChecklistItem,
  CourseChecklist,
  DecisionLetter,
  DecisionLetterList,
  IntakeChoice,
  Residency,
  StaffApplication,
} from './application-schemas';

/** The application's steps, in order; `english` is shown to international applicants only. */
export const APPLICATION_STEPS = [
  { id: 'personal', title: 'Personal details' },
  { id: 'program', title: 'Program and intake' },
  { id: 'education', title: 'Education history' },
  { id: 'english', title: 'English and study permit' },
  { id: 'declarations', title: 'Declarations' },
  { id: 'documents', title: 'Documents' },
  { id: 'review', title: 'Review and submit' },
] as const;
export type ApplicationStepId = (typeof APPLICATION_STEPS)[number]['id'];

/** Display title of a status (or of the answer that replaced it). */
export function applicationStatusTitle(status: ApplicationStatus): string {
  return APPLICATION_STATUSES.find((s) => s.id === status)?.title ?? status;
}

export function decisionTitle(decision: Decision): string {
  return DECISIONS.find((d) => d.id === decision)?.title ?? decision;
}

/** Upload limit per file. */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

export const applicantPaths = {
  signInLink: '/api/applicant/sign-in-link',
  session: '/api/applicant/session',
  application: '/api/applicant/application',
  step: (step: ApplicationStepId) => `/api/applicant/application/steps/${step}`,
  submit: '/api/applicant/application/submit',
  answer: '/api/applicant/application/answer',
  document: (itemId: Id) => `/api/applicant/application/documents/${itemId}`,
  documentFile: (documentId: Id) => `/api/applicant/documents/${documentId}`,
} as const;

export const crmApplicationPaths = {
  list: '/api/crm/applications',
  one: (id: Id) => `/api/crm/applications/${id}`,
  documentFile: (id: Id, documentId: Id) => `/api/crm/applications/${id}/documents/${documentId}`,
  review: (id: Id, documentId: Id) => `/api/crm/applications/${id}/documents/${documentId}/review`,
  notes: (id: Id) => `/api/crm/applications/${id}/notes`,
  decision: (id: Id) => `/api/crm/applications/${id}/decision`,
  invite: (leadId: Id) => `/api/crm/leads/${leadId}/application-link`,
  checklist: (courseId: Id) => `/api/crm/courses/${courseId}/checklist`,
  letters: '/api/crm/decision-letters',
} as const;

/** The steps of an application that appear on its lead's timeline. */
export const APPLICATION_TIMELINE_ACTIONS = [
  'link_sent',
  'started',
  'submitted',
  'document_accepted',
  'document_returned',
  'document_uploaded',
  'decision_released',
  'answered',
  // Enrolment (issue 34): the contract, its signatures and copy, the cooling-off, money.
  'contract_issued',
  'contract_signed',
  'contract_countersigned',
  'copy_delivered',
  'contract_cancelled',
  'enrolled',
  'payment_recorded',
  'refund_due',
  'refund_recorded',
] as const;
export type ApplicationTimelineAction = (typeof APPLICATION_TIMELINE_ACTIONS)[number];

/** PUT /api/crm/courses/:id/checklist: the whole list; an item without `_id` is new, a missing one is retired. */
export interface ChecklistSave {
  items: { _id?: Id; title: string; required: boolean; applies_to: AppliesTo }[];
}

/** The placeholders a decision letter may use (issue 33): `{{first_name}}` and so on. */
export const LETTER_PLACEHOLDERS = ['first_name', 'last_name', 'program', 'intake', 'conditions', 'college'] as const;
export type LetterPlaceholder = (typeof LETTER_PLACEHOLDERS)[number];

/** A letter's text with its placeholders filled; an unknown one stays as written, so a typo shows in the preview. */
export function fillLetter(text: string, values: Record<LetterPlaceholder, string>): string {
  return text.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (whole, name: string) => {
    const known = LETTER_PLACEHOLDERS.find((p) => p === name);
    return known ? values[known] : whole;
  });
}
