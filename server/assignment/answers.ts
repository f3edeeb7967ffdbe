/**
 * The answer shapes of the assignment rules and first-contact medians: the zod schemas of
 * src/assignment-schemas.ts (the wire types are inferred from them, so the contract is written
 * once), named here as components of the OpenAPI document.
 */
import type { AssignmentRule, AssignmentSettingsAnswer, FirstContactMedians } from '../../src/assignment-contract';
import { assignmentRuleSchema, assignmentSettingsSchema, firstContactMediansSchema } from '../../src/assignment-schemas';
import { answerSchema } from '../openapi/answer-schema';

export const assignmentRuleAnswer = answerSchema<AssignmentRule>()('AssignmentRule', assignmentRuleSchema);
export const assignmentSettingsAnswer = answerSchema<AssignmentSettingsAnswer>()('AssignmentSettings', assignmentSettingsSchema);
export const firstContactAnswer = answerSchema<FirstContactMedians>()('FirstContactMedians', firstContactMediansSchema);
