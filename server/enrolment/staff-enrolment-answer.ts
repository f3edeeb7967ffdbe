/** The staff enrolment panel's answer shape (issue 34): the contract, its versions, what is missing, the ledger. */
import { z } from 'zod';
import type { StaffEnrolment } from '../../src/enrolment-contract';
import { answerSchema, idSchema, instantSchema } from '../openapi/answer-schema';
import { contractStatusSchema, contractViewAnswer } from './contract-answers';
import { ledgerAnswer } from './money-answers';

export const staffEnrolmentAnswer = answerSchema<StaffEnrolment>()(
  'StaffEnrolment',
  z.object({
    contract: contractViewAnswer.nullable(),
    versions: z.array(z.object({ _id: idSchema, version: z.number().int(), status: contractStatusSchema, issued_at: instantSchema })),
    missing: z.array(z.string()),
    may_countersign: z.boolean(),
    ledger: ledgerAnswer,
  }),
);
