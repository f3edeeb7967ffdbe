/**
 * The CRM's view of a person's consent to commercial e-mail (CASL), written once as a zod schema:
 * the wire types of src/consent-contract.ts are inferred from it, and server/consent/consent-answer.ts
 * names it as the route's response schema and the API description's component. Browser code
 * imports only the types, so zod stays out of the site's and widget's bundles.
 */
import { z } from 'zod';
import { daySchema as day, instantSchema as instant } from './wire-schemas';

const consentState = z.object({
  kind: z.enum(['express', 'implied', 'withdrawn', 'none']),
  /** "Implied consent until 2027-05-25 — inquiry of 2026-11-25", "Unsubscribed on 2026-11-26"… */
  line: z.string(),
  since: z.string().optional(),
  until: z.string().optional(),
});

/** One fact behind the state, newest first. */
const consentHistoryEntry = z.object({
  at: instant,
  kind: z.enum(['inquiry', 'enrolment', 'express', 'withdrawn']),
  /** What it means, in one sentence. */
  text: z.string(),
  /**
   * Express and withdrawal: 'consent page' | 'unsubscribe page' | 'one-click' | 'recorded by staff'; which page
   * or mail (or the CRM and who recorded it); client address (of the staff member's, for a recorded one).
   */
  method: z.string().nullable(),
  source: z.string().nullable(),
  ip: z.string().nullable(),
  /** Express: the exact wording the person agreed to. */
  wording: z.string().nullable(),
  /** Express: the form and the version of its wording ("/email-preferences, wording 1a2b3c4d5e6f"), when recorded. */
  form_version: z.string().nullable(),
  /** Consent given another way and recorded by staff: who recorded it, how it was given, the day given (YYYY-MM-DD). */
  recorded_by: z.string().nullable(),
  evidence: z.string().nullable(),
  obtained_on: day.nullable(),
});

/** GET /api/crm/leads/:id/consent: the state in one line and the history behind it. */
export const consentAnswerSchema = z.object({ state: consentState, history: z.array(consentHistoryEntry) });

export type ConsentStateWire = z.infer<typeof consentState>;
export type ConsentHistoryEntry = z.infer<typeof consentHistoryEntry>;
export type ConsentAnswer = z.infer<typeof consentAnswerSchema>;
