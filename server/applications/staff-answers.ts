/**
 * The staff side's answer shapes (issue 33): the zod schemas of src/application-schemas.ts (the
 * wire types are inferred from them), named here as components of the API description and the
 * routes' answer checks.
 */
import type { ApplicationListPage, DecisionLetterList, StaffApplication } from '../../src/application-contract';
import { applicationListPageSchema, decisionLetterListSchema, staffApplicationSchema } from '../../src/application-schemas';
import { answerSchema } from '../openapi/answer-schema';

export const staffApplicationAnswer = answerSchema<StaffApplication>()('StaffApplication', staffApplicationSchema);
export const applicationListAnswer = answerSchema<ApplicationListPage>()('ApplicationListPage', applicationListPageSchema);
export const decisionLettersAnswer = answerSchema<DecisionLetterList>()('DecisionLetterList', decisionLetterListSchema);
