/**
 * The applicant portal's answer shapes (issue 33): the zod schemas of src/application-schemas.ts
 * (the wire types are inferred from them, so the contract is written once), named here as
 * components of the API description and the routes' answer checks.
 */
import type { ApplicantApplication, ApplicantSession } from '../../src/application-contract';
import { applicantApplicationSchema, applicantSessionSchema } from '../../src/application-schemas';
import { answerSchema } from '../openapi/answer-schema';

export const applicantApplicationAnswer = answerSchema<ApplicantApplication>()('ApplicantApplication', applicantApplicationSchema);
export const applicantSessionAnswer = answerSchema<ApplicantSession>()('ApplicantSession', applicantSessionSchema);
