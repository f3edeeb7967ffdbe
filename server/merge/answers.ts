/**
 * The answer shapes of merging (issues 23 and 31) for the routes and the API description: the zod
 * schemas of src/merge-schemas.ts (the wire types are inferred from them, so the contract is written
 * once), named here as components of the OpenAPI document.
 */
import { leadOriginsSchema, mergeAnswerSchema, mergeCandidatesSchema } from '../../src/merge-schemas';
import { answerComponents } from '../openapi/answer-schema';

answerComponents.add(mergeAnswerSchema, { id: 'MergeAnswer' });
answerComponents.add(leadOriginsSchema, { id: 'LeadOrigins' });
answerComponents.add(mergeCandidatesSchema, { id: 'MergeCandidates' });

export { leadOriginsSchema as originsAnswer, mergeAnswerSchema as mergeAnswer, mergeCandidatesSchema as candidatesAnswer };
