/**
 * The answers of the CRM's assignment rules and speed to lead (issue 23), written once as zod
 * schemas: the wire types of src/assignment-contract.ts are inferred from them, and
 * server/assignment/answers.ts names them as the routes' response schemas and the API
 * description's components. Browser code imports only the types, so zod stays out of the bundles.
 */
import { z } from 'zod';
import { idSchema as recordId } from './wire-schemas';

/** One round-robin rule; the first enabled rule whose filters match a new lead assigns it. */
export const assignmentRuleSchema = z.object({
  id: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  /** Course type id (1 Full Time, 2 Part Time, 3 Others); null: any. */
  course_type: z.number().nullable(),
  /** 1 local, 2 international; null: any. */
  location: z.number().nullable(),
  /** Open New Lead leads a member may hold before the next one is chosen; null: no cap. */
  cap: z.number().nullable(),
  /** The pool, in round-robin order. */
  member_ids: z.array(recordId),
  version: z.number(),
});

/** GET /api/crm/assignment */
export const assignmentSettingsSchema = z.object({
  rules: z.array(assignmentRuleSchema),
  speed_to_lead_hours: z.number(),
  settings_version: z.number(),
  /** Staff who may receive leads: active and with a password set. */
  eligible: z.array(z.object({ _id: recordId, name: z.string() })),
});

const median = z.number().nullable();

/** GET /api/crm/dashboard/first-contact: median business hours to first contact. */
export const firstContactMediansSchema = z.object({
  /** Weeks (Monday, Toronto) newest last. */
  by_week: z.array(z.object({ week: z.string(), median_hours: median, leads: z.number(), contacted: z.number() })),
  by_counsellor: z.array(
    z.object({ owner_id: recordId.nullable(), name: z.string(), median_hours: median, leads: z.number(), contacted: z.number() }),
  ),
});

export type AssignmentRule = z.infer<typeof assignmentRuleSchema>;
export type AssignmentSettingsAnswer = z.infer<typeof assignmentSettingsSchema>;
export type FirstContactMedians = z.infer<typeof firstContactMediansSchema>;
