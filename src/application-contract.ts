/**
 * The applicant portal's wire contract (issue 33): the applicant's sign-in by e-mailed link, the
 * application in steps, its checklist and documents, the staff review, the decision and the
 * applicant's answer. Shared by the server, the portal (/apply) and the CRM.
 */
import type { Id } from './wire-basics';

/** Where an application is, as the applicant and staff see it (the answer, once given, shows instead). */
export const APPLICATION_STATUSES = [
  { id: 'started', title: 'Started' },
  { id: 'submitted', title: 'Submitted' },
  { id: 'missing_items', title: 'Missing items' },
  { id: 'under_review', title: 'Under review' },
  { id: 'decision_released', title: 'Decision released' },
  { id: 'accepted', title: 'Offer accepted' },
  { id: 'declined', title: 'Offer declined' },
  { id: 'deferral_requested', title: 'Deferral requested' },
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number]['id'];

export const DECISIONS = [
  { id: 'admitted', title: 'Admitted' },
  { id: 'conditionally_admitted', title: 'Conditionally admitted' },
  { id: 'waitlisted', title: 'Waitlisted' },
  { id: 'declined', title: 'Declined' },
] as const;
export type Decision = (typeof DECISIONS)[number]['id'];

/** The applicant's reply to an admission (admitted or conditionally admitted). */
export const APPLICANT_ANSWERS = [
  { id: 'accepted', title: 'Accept' },
  { id: 'declined', title: 'Decline' },
  { id: 'deferral_requested', title: 'Ask to defer to a later intake' },
] as const;
export type ApplicantAnswer = (typeof APPLICANT_ANSWERS)[number]['id'];

export type Residency = 'local' | 'international';
/** Which applicants a checklist item applies to. */
export type AppliesTo = 'all' | Residency;

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

/** The steps' fields, as saved (every one optional until its step is checked). */
export interface ApplicationAnswers {
  first_name?: string;
  last_name?: string;
  phone?: string;
  date_of_birth?: string;
  address?: string;
  city?: string;
  province?: string;
  postal_code?: string;
  country?: string;
  residency?: Residency;
  course_id?: Id;
  intake_id?: Id;
  education_level?: string;
  institution?: string;
  study_country?: string;
  completion_year?: string;
  english_test?: string;
  english_score?: string;
  study_permit?: string;
  declare_true?: boolean;
  accept_privacy?: boolean;
}

export interface ChecklistItem {
  _id: Id;
  title: string;
  required: boolean;
  applies_to: AppliesTo;
}

export interface ApplicationDocument {
  _id: Id;
  item_id: Id;
  file_name: string;
  content_type: 'application/pdf' | 'image/jpeg' | 'image/png';
  bytes: number;
  status: 'uploaded' | 'accepted' | 'returned';
  /** Shown to the applicant when staff return the document. */
  return_reason: string | null;
  uploaded_at: string;
}

export interface IntakeChoice {
  _id: Id;
  start_date: string;
  schedule: string;
  delivery_mode: number;
}

/** GET /api/applicant/application: the signed-in applicant's application. */
export interface ApplicantApplication {
  _id: Id;
  email: string;
  status: ApplicationStatus;
  answers: ApplicationAnswers;
  /** The items that apply to this applicant, in order. */
  checklist: ChecklistItem[];
  /** The current document of each item (returned ones included, so the reason shows). */
  documents: ApplicationDocument[];
  /** Intakes of the chosen program that can still be chosen (not started, not full). */
  intakes: IntakeChoice[];
  submitted_at: string | null;
  decision: { decision: Decision; conditions: string | null; letter: string; released_at: string } | null;
  answer: ApplicantAnswer | null;
  version: number;
}

/** A staff row of the Applications list. */
export interface ApplicationListRow {
  _id: Id;
  lead_id: Id;
  name: string;
  email: string;
  program: string | null;
  intake: string | null;
  status: ApplicationStatus;
  owner: { _id: Id; name: string } | null;
  created_at: string;
  updated_at: string;
}

export interface ApplicationListPage {
  applications: ApplicationListRow[];
  total: number;
  counts: Record<ApplicationStatus, number>;
}

export interface ApplicationNote {
  _id: string;
  text: string;
  by: { _id: Id; name: string } | null;
  at: string;
}

/** GET /api/crm/applications/:id */
export interface StaffApplication extends Omit<ApplicantApplication, 'intakes'> {
  lead_id: Id;
  owner: { _id: Id; name: string } | null;
  program: string | null;
  intake: string | null;
  notes: ApplicationNote[];
  created_at: string;
  updated_at: string;
}

export interface DecisionLetter {
  decision: Decision;
  subject: string;
  body: string;
}

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

/** GET/PUT /api/crm/courses/:id/checklist: a program's current checklist items, in order. */
export interface CourseChecklist {
  course_id: Id;
  items: ChecklistItem[];
}

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
