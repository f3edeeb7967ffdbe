/** The staff side's answer shapes (issue 33), for the API description and its answer checks. */
import { z } from 'zod';
import type { ApplicationListPage, DecisionLetter, StaffApplication } from '../../src/application-contract';
import { answerSchema, idSchema, instantSchema } from '../openapi/answer-schema';
import { applicantApplicationAnswer, decisionSchema } from './applicant-answers';

const statusSchema = applicantApplicationAnswer.shape.status;
const staffRef = z.object({ _id: idSchema, name: z.string() }).nullable();

export const staffApplicationAnswer = answerSchema<StaffApplication>()(
  'StaffApplication',
  applicantApplicationAnswer.omit({ intakes: true }).extend({
    lead_id: idSchema,
    owner: staffRef,
    program: z.string().nullable(),
    intake: z.string().nullable(),
    notes: z.array(z.object({ _id: z.string(), text: z.string(), by: staffRef, at: instantSchema })),
    created_at: instantSchema,
    updated_at: instantSchema,
  }),
);

export const applicationListAnswer = answerSchema<ApplicationListPage>()(
  'ApplicationListPage',
  z.object({
    applications: z.array(
      z.object({
        _id: idSchema,
        lead_id: idSchema,
        name: z.string(),
        email: z.string(),
        program: z.string().nullable(),
        intake: z.string().nullable(),
        status: statusSchema,
        owner: staffRef,
        created_at: instantSchema,
        updated_at: instantSchema,
      }),
    ),
    total: z.number().int(),
    counts: z.record(statusSchema, z.number().int()),
  }),
);

export const decisionLettersAnswer = answerSchema<{ letters: DecisionLetter[] }>()(
  'DecisionLetterList',
  z.object({ letters: z.array(z.object({ decision: decisionSchema, subject: z.string(), body: z.string() })) }),
);
