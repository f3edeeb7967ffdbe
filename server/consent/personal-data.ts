/**
 * Personal data held by the consent records (server/privacy/personal-tables.ts): each row names a
 * person by address and keeps the client address an act came from (and, for consent staff
 * recorded, their note of how it was given). Anonymisation removes them;
 * the kind, method and dates stay (the college's proof that it honoured the choice, without
 * naming anyone). A merge of two leads needs nothing here: consent belongs to the address.
 */
import type { PersonalTable } from '../privacy/personal-tables';

export const PERSONAL_DATA: PersonalTable[] = [
  {
    table: 'consent_records',
    label: 'E-mail consent (opt-ins and unsubscribes)',
    link: { emailColumn: 'email' },
    scrub: { email: 'email', ip: 'null', evidence: 'text' },
  },
];
