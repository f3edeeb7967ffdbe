/**
 * Wire types of sequences (issue 23): GET/POST/PUT /api/crm/sequences and a lead's enrolments
 * under /api/crm/leads/:id/sequences. Ids of sequences, steps and templates are decimal strings.
 */
import type { Sequence } from './sequences-schemas';

// The answers are zod schemas (src/sequences-schemas.ts, server-only values); their types come from there.
export type { EnrolmentState, EnrolRule, LeadEnrolment, LeadEnrolments, Sequence, SequenceList, SequenceStep } from './sequences-schemas';

/** POST/PUT /api/crm/sequences: a sequence's own fields, as the CRM answers them. */
export type SequenceInput = Pick<Sequence, 'name' | 'paused' | 'exit_stages' | 'rules' | 'steps'>;
