/** The merge request's body (POST /api/crm/leads/merge), validated with messages staff can act on. */
import { z } from 'zod';
import { MERGE_FIELDS, type MergeField } from '../../src/merge-contract';

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
