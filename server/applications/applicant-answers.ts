/** The applicant portal's answer shapes (issue 33), for the API description and its answer checks. */
import { z } from 'zod';
import type { ApplicantApplication } from '../../src/application-contract';
import { answerSchema, daySchema, idSchema, instantSchema } from '../openapi/answer-schema';
import { checklistItemAnswer } from './checklist-schemas';
import { applicationDocumentAnswer } from './document-answers';
import { draftSchema } from './application-answers';

const statusSchema = z.enum([
  'started',
  'submitted',
  'missing_items',
  'under_review',
  'decision_released',
  'accepted',
  'declined',
  'deferral_requested',
]);
export const decisionSchema = z.enum(['admitted', 'conditionally_admitted', 'waitlisted', 'declined']);
export const answerChoiceSchema = z.enum(['accepted', 'declined', 'deferral_requested']);

export const applicantApplicationAnswer = answerSchema<ApplicantApplication>()(
  'ApplicantApplication',
  z.object({
    _id: idSchema,
    email: z.string(),
    status: statusSchema,
    answers: draftSchema.strip(),
    checklist: z.array(checklistItemAnswer),
    documents: z.array(applicationDocumentAnswer),
    intakes: z.array(z.object({ _id: idSchema, start_date: daySchema, schedule: z.string(), delivery_mode: z.number().int() })),
    submitted_at: instantSchema.nullable(),
    decision: z
      .object({ decision: decisionSchema, conditions: z.string().nullable(), letter: z.string(), released_at: instantSchema })
      .nullable(),
    answer: answerChoiceSchema.nullable(),
    version: z.number().int(),
  }),
);
