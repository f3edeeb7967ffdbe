/** The answer shape of a lead's consent (src/consent-contract.ts), for validation and the API description. */
import { z } from 'zod';
import type { ConsentAnswer } from '../../src/consent-contract';
import { answerSchema, daySchema, instantSchema } from '../openapi/answer-schema';

const kind = z.enum(['express', 'implied', 'withdrawn', 'none']);

export const consentAnswer = answerSchema<ConsentAnswer>()(
  'ConsentAnswer',
  z.object({
    state: z.object({ kind, line: z.string(), since: z.string().optional(), until: z.string().optional() }),
    history: z.array(
      z.object({
        at: instantSchema,
        kind: z.enum(['inquiry', 'enrolment', 'express', 'withdrawn']),
        text: z.string(),
        method: z.string().nullable(),
        source: z.string().nullable(),
        ip: z.string().nullable(),
        wording: z.string().nullable(),
        form_version: z.string().nullable(),
        recorded_by: z.string().nullable(),
        evidence: z.string().nullable(),
        obtained_on: daySchema.nullable(),
      }),
    ),
  }),
);
