/** Wire types of the CRM's assignment rules and speed to lead (issue 23): /api/crm/assignment/*. */
import type { AssignmentRule } from './assignment-schemas';

// The answers are zod schemas (src/assignment-schemas.ts, server-only values); their types come from there.
export type { AssignmentRule, AssignmentSettingsAnswer, FirstContactMedians } from './assignment-schemas';

/** POST/PUT /api/crm/assignment/rules: a rule's own fields, as the CRM answers them. */
export type AssignmentRuleInput = Pick<AssignmentRule, 'name' | 'enabled' | 'course_type' | 'location' | 'cap' | 'member_ids'>;
