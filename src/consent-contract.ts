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
  /** Express and withdrawal: 'consent page' | 'unsubscribe page' | 'one-click'; which page or mail; client address. */
  method: string | null;
  source: string | null;
  ip: string | null;
  /** Express: the exact wording the person agreed to. */
  wording: string | null;
}

export interface ConsentAnswer {
  state: ConsentStateWire;
  history: ConsentHistoryEntry[];
}
