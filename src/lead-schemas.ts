/**
 * The answer of lead creation (POST /api/leads, the inquiry widget's form), written once as a zod
 * schema: the wire type `LeadAnswer` (re-exported by src/contract.ts) is inferred from it, and the
 * server names it as the route's response schema and the API description's component. Browser code
 * imports only the type, so zod stays out of the widget's bundle.
 */
import { z } from 'zod';

/** 201 `{status: 'success', message}`; every error of the call answers `{status: 'error', message}`. */
export const leadAnswerSchema = z.object({
  status: z.enum(['success', 'error']),
  message: z.string(),
  /** On a 400: every invalid field and the message to show beside it (e.g. `{first_name: '…'}`). */
  errors: z.record(z.string(), z.string()).optional(),
});
export type LeadAnswer = z.infer<typeof leadAnswerSchema>;
