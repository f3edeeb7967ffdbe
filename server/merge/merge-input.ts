/**
 * The merge request's body (POST /api/crm/leads/merge) and the candidates' search (GET
 * /api/crm/leads/:id/merge-candidates), validated with messages staff can act on.
 */
import { z } from 'zod';
import { MERGE_FIELDS, MERGE_SEARCH_MIN, type MergeField } from '../../src/merge-contract';
import { SEARCH_MAX } from '../crm';

const LEAD_ID_MESSAGE = 'Please choose two leads from the list.';
const leadId = z.string({ error: LEAD_ID_MESSAGE }).regex(/^[0-9a-f]{24}$/, { error: LEAD_ID_MESSAGE });
const side = z.enum(['keep', 'merge'], { error: "Choose 'keep' or 'merge' for each field." });

export const mergeBodySchema = z
  .object(
    {
      keepId: leadId,
      mergeId: leadId,
      fields: z
        .partialRecord(
          z.enum(MERGE_FIELDS.map((f) => f.id) as [MergeField, ...MergeField[]], { error: 'There is no such field to choose.' }),
          side,
        )
        .default({}),
    },
    { error: LEAD_ID_MESSAGE },
  )
  .refine((body) => body.keepId !== body.mergeId, {
    error: 'A lead cannot be merged with itself. Choose two different leads.',
    path: ['mergeId'],
  });

export type MergeInput = z.output<typeof mergeBodySchema>;

const SEARCH_MESSAGE = `Type from ${MERGE_SEARCH_MIN} to ${SEARCH_MAX} characters of the other lead's name, e-mail or phone.`;

export const candidatesQuerySchema = z.object({
  q: z.string({ error: SEARCH_MESSAGE }).trim().min(MERGE_SEARCH_MIN, { error: SEARCH_MESSAGE }).max(SEARCH_MAX, { error: SEARCH_MESSAGE }),
});
