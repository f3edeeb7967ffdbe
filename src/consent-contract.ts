/**
 * The CRM's view of a person's consent to commercial e-mail (CASL): the state in one line and the
 * history behind it (`GET /api/crm/leads/:id/consent`, server/consent/).
 */
export interface ConsentStateWire {
  kind: 'express' | 'implied' | 'withdrawn' | 'none';
  /** "Implied consent until 2027-05-25 — inquiry of 2026-11-25", "Unsubscribed on 2026-11-26"… */
  line: string;
  since?: string;
  until?: string;
}

/** One fact behind the state, newest first. */
export interface ConsentHistoryEntry {
  at: string;
  kind: 'inquiry' | 'enrolment' | 'express' | 'withdrawn';
  /** What it means, in one sentence. */
  text: string;
  /**
   * Express and withdrawal: 'consent page' | 'unsubscribe page' | 'one-click' | 'recorded by staff'; which page
   * or mail (or the CRM and who recorded it); client address (of the staff member's, for a recorded one).
   */
  method: string | null;
  source: string | null;
  ip: string | null;
  /** Express: the exact wording the person agreed to. */
  wording: string | null;
  /** Express: the form and the version of its wording ("/email-preferences, wording 1a2b3c4d5e6f"), when recorded. */
  form_version: string | null;
  /** Consent given another way and recorded by staff: who recorded it, how it was given, the day given (YYYY-MM-DD). */
  recorded_by: string | null;
  evidence: string | null;
  obtained_on: string | null;
}

export interface ConsentAnswer {
  state: ConsentStateWire;
  history: ConsentHistoryEntry[];
}
