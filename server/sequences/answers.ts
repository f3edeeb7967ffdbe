/**
 * The answer shapes of the sequences API: the zod schemas of src/sequences-schemas.ts (the wire
 * types are inferred from them, so the contract is written once), named here as components of the
 * OpenAPI document.
 */
import type { LeadEnrolments, Sequence, SequenceList } from '../../src/sequences-contract';
import { leadEnrolmentsSchema, sequenceListSchema, sequenceSchema } from '../../src/sequences-schemas';
import { answerSchema } from '../openapi/answer-schema';

export const sequenceAnswer = answerSchema<Sequence>()('Sequence', sequenceSchema);
export const sequenceListAnswer = answerSchema<SequenceList>()('SequenceList', sequenceListSchema);
export const leadEnrolmentsAnswer = answerSchema<LeadEnrolments>()('LeadEnrolments', leadEnrolmentsSchema);
