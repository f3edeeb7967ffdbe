/**
 * The answer shape of a lead's consent: the zod schema of src/consent-schemas.ts (the wire types are
 * inferred from it, so the contract is written once), named here as a component of the OpenAPI document.
 */
import type { ConsentAnswer } from '../../src/consent-contract';
import { consentAnswerSchema } from '../../src/consent-schemas';
import { answerSchema } from '../openapi/answer-schema';

export const consentAnswer = answerSchema<ConsentAnswer>()('ConsentAnswer', consentAnswerSchema);
