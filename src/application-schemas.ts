/**
 * The answers of the applicant portal and the staff review (issue 33), written once as zod schemas:
 * the wire types of src/application-contract.ts are inferred from them, and server/applications/
 * (applicant-answers.ts, document-answers.ts, staff-answers.ts, checklist-schemas.ts) names them as
 * the routes' response schemas and the API description's components. Browser code imports only the
 * types (through application-contract.ts), so zod stays out of the site's bundles.
 */
import { z } from 'zod';
import { daySchema, idSchema, instantSchema, staffRefInlineSchema } from './wire-schemas';
import { APPLICANT_ANSWERS, APPLICATION_STATUSES, DECISIONS } from './application-kinds';

/** The ids of one of application-kinds.ts's lists, as an enum (its messages are zod's own). */
const idsOf = <L extends readonly { id: string }[]>(list: L) => z.enum(list.map((entry): L[number]['id'] => entry.id));

const count = z.number().int();

export const applicationStatusSchema = idsOf(APPLICATION_STATUSES);
export const decisionSchema = idsOf(DECISIONS);
/** The applicant's reply to an admission; also the body of POST /api/applicant/application/answer. */
export const answerChoiceSchema = idsOf(APPLICANT_ANSWERS);

export const residencySchema = z.enum(['local', 'international'], { error: 'Please choose one.' });
/** Which applicants a checklist item applies to. */
export const appliesToSchema = z.enum(['all', ...residencySchema.options], {
  message: 'Please choose which applicants this item applies to.',
});

/** A step's text field, trimmed, with its limit (the messages are those a draft save answers). */
const text = (max: number) => z.string().trim().max(max, `Please keep this under ${max} characters.`);
/** A program or intake chosen from the step's list. */
const choice = z.string().regex(/^[0-9a-f]{24}$/, 'Please choose from the list.');

/**
 * The steps' fields, as saved (every one optional until its step is checked). A draft save checks
 * its body with this schema made strict (server/applications/application-answers.ts).
 */
export const applicationAnswersSchema = z
  .object({
    first_name: text(100),
    last_name: text(100),
    phone: text(40),
    date_of_birth: z.union([z.literal(''), z.iso.date('Please enter a date as YYYY-MM-DD.')]),
    address: text(200),
    city: text(100),
    province: text(100),
    postal_code: text(20),
    country: text(100),
    residency: residencySchema,
    course_id: choice,
    intake_id: choice,
    education_level: text(100),
    institution: text(200),
    study_country: text(100),
    completion_year: text(4),
    english_test: text(100),
    english_score: text(100),
    study_permit: text(100),
    declare_true: z.boolean(),
    accept_privacy: z.boolean(),
  })
  .partial();

export const checklistItemSchema = z.object({ _id: idSchema, title: z.string(), required: z.boolean(), applies_to: appliesToSchema });

/** GET/PUT /api/crm/courses/:id/checklist: a program's current checklist items, in order. */
export const courseChecklistSchema = z.object({ course_id: idSchema, items: z.array(checklistItemSchema) });

export const applicationDocumentSchema = z.object({
  _id: idSchema,
  item_id: idSchema,
  file_name: z.string(),
  content_type: z.enum(['application/pdf', 'image/jpeg', 'image/png']),
  bytes: count,
  status: z.enum(['uploaded', 'accepted', 'returned']),
  /** Shown to the applicant when staff return the document. */
  return_reason: z.string().nullable(),
  uploaded_at: instantSchema,
});

export const intakeChoiceSchema = z.object({ _id: idSchema, start_date: daySchema, schedule: z.string(), delivery_mode: count });

/** GET /api/applicant/application: the signed-in applicant's application. */
export const applicantApplicationSchema = z.object({
  _id: idSchema,
  email: z.string(),
  status: applicationStatusSchema,
  answers: applicationAnswersSchema,
  /** The items that apply to this applicant, in order. */
  checklist: z.array(checklistItemSchema),
  /** The current document of each item (returned ones included, so the reason shows). */
  documents: z.array(applicationDocumentSchema),
  /** Intakes of the chosen program that can still be chosen (not started, not full). */
  intakes: z.array(intakeChoiceSchema),
  submitted_at: instantSchema.nullable(),
  decision: z
    .object({ decision: decisionSchema, conditions: z.string().nullable(), letter: z.string(), released_at: instantSchema })
    .nullable(),
  answer: answerChoiceSchema.nullable(),
  version: count,
});

/** POST /api/applicant/session: the applicant's bearer token, for the sign-in link's token. */
export const applicantSessionSchema = z.object({ token: z.string() });

/**
 * A staff member named on an application: the CRM's StaffRef (src/wire-schemas.ts), written out in
 * the API description where it is used (as it always was) rather than as a reference to StaffRef.
 */
const staffRef = staffRefInlineSchema.nullable();

export const applicationNoteSchema = z.object({ _id: z.string(), text: z.string(), by: staffRef, at: instantSchema });

/** GET /api/crm/applications/:id */
export const staffApplicationSchema = applicantApplicationSchema.omit({ intakes: true }).extend({
  lead_id: idSchema,
  owner: staffRef,
  program: z.string().nullable(),
  intake: z.string().nullable(),
  notes: z.array(applicationNoteSchema),
  created_at: instantSchema,
  updated_at: instantSchema,
});

/** A staff row of the Applications list. */
export const applicationListRowSchema = z.object({
  _id: idSchema,
  lead_id: idSchema,
  name: z.string(),
  email: z.string(),
  program: z.string().nullable(),
  intake: z.string().nullable(),
  status: applicationStatusSchema,
  owner: staffRef,
  created_at: instantSchema,
  updated_at: instantSchema,
});

export const applicationListPageSchema = z.object({
  applications: z.array(applicationListRowSchema),
  total: count,
  counts: z.record(applicationStatusSchema, count),
});

export const decisionLetterSchema = z.object({ decision: decisionSchema, subject: z.string(), body: z.string() });
/** GET/PUT /api/crm/decision-letters: the letter of each decision. */
export const decisionLetterListSchema = z.object({ letters: z.array(decisionLetterSchema) });

export type Residency = z.infer<typeof residencySchema>;
export type AppliesTo = z.infer<typeof appliesToSchema>;
export type ApplicationAnswers = z.infer<typeof applicationAnswersSchema>;
export type ChecklistItem = z.infer<typeof checklistItemSchema>;
export type CourseChecklist = z.infer<typeof courseChecklistSchema>;
export type ApplicationDocument = z.infer<typeof applicationDocumentSchema>;
export type IntakeChoice = z.infer<typeof intakeChoiceSchema>;
export type ApplicantApplication = z.infer<typeof applicantApplicationSchema>;
export type ApplicantSession = z.infer<typeof applicantSessionSchema>;
export type ApplicationNote = z.infer<typeof applicationNoteSchema>;
export type StaffApplication = z.infer<typeof staffApplicationSchema>;
export type ApplicationListRow = z.infer<typeof applicationListRowSchema>;
export type ApplicationListPage = z.infer<typeof applicationListPageSchema>;
export type DecisionLetter = z.infer<typeof decisionLetterSchema>;
export type DecisionLetterList = z.infer<typeof decisionLetterListSchema>;
