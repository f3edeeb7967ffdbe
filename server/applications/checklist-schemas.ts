/**
 * The checklist's request and answer shapes (issue 33), for validation and the API description. The
 * answers are src/application-schemas.ts's schemas, named here; the save's body is checked here.
 */
import { z } from 'zod';
import type { ChecklistItem, CourseChecklist } from '../../src/application-contract';
import { appliesToSchema, checklistItemSchema, courseChecklistSchema } from '../../src/application-schemas';
import { answerSchema, idSchema } from '../openapi/answer-schema';

export const MAX_CHECKLIST_ITEMS = 30;
export const CHECKLIST_TITLE_MESSAGE = 'Please give each item a title of at most 120 characters.';
export const CHECKLIST_LENGTH_MESSAGE = `A checklist holds at most ${MAX_CHECKLIST_ITEMS} items.`;

export const checklistItemAnswer = answerSchema<ChecklistItem>()('ChecklistItem', checklistItemSchema);
export const courseChecklistAnswer = answerSchema<CourseChecklist>()('CourseChecklist', courseChecklistSchema);

export const checklistSaveSchema = z.object({
  items: z
    .array(
      z.object({
        _id: idSchema.optional(),
        title: z.string().trim().min(1, CHECKLIST_TITLE_MESSAGE).max(120, CHECKLIST_TITLE_MESSAGE),
        required: z.boolean(),
        applies_to: appliesToSchema,
      }),
    )
    .max(MAX_CHECKLIST_ITEMS, CHECKLIST_LENGTH_MESSAGE),
});

export const checklistSaveExample = {
  items: [
    { title: 'Transcript', required: true, applies_to: 'all' },
    { title: 'English test result', required: true, applies_to: 'international' },
  ],
};
