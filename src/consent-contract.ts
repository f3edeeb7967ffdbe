/**
 * The CRM's view of a person's consent to commercial e-mail (CASL): the state in one line and the
 * history behind it (`GET /api/crm/leads/:id/consent`, server/consent/).
 */

// The answer is a zod schema (src/consent-schemas.ts, server-only values); its types come from there.
export type { ConsentAnswer, ConsentHistoryEntry, ConsentStateWire } from './consent-schemas';
