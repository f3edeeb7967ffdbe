/**
 * Enrolment's rows about a person (issue 34), for the privacy export, anonymisation, retention and
 * merges; each belongs to the person through their application. Anonymisation keeps what the law
 * requires a career college to keep: the contract (its terms, PDFs and the typed signature:
 * O. Reg. 415/06 requires copies of student contracts to be kept), every payment and refund with
 * its receipt number, and the refund obligations (amounts, bases, dates: the record of every
 * payment the Ministry's fee rules require). It removes what the law does not need: the client
 * address and browser of the signature, and staff's free-text notes on refunds.
 * (docs/decisions.md, "Enrolment: what anonymisation keeps")
 */
import type { ContactSource, PersonalTable } from '../privacy/personal-tables';

export const ENROLMENT_PERSONAL_TABLES: PersonalTable[] = [
  {
    table: 'contracts',
    label: 'Enrolment contracts',
    link: { applicationColumn: 'application_id' },
    scrub: { signed_ip: 'null', signed_agent: 'null' },
  },
  { table: 'ledger_entries', label: 'Payments and refunds', link: { applicationColumn: 'application_id' }, scrub: {} },
  { table: 'refund_obligations', label: 'Refunds owed', link: { applicationColumn: 'application_id' }, scrub: { note: 'null' } },
];

/** Signing, paying and being refunded are contact for the retention schedule. */
export const ENROLMENT_CONTACT_SOURCES: ContactSource[] = [
  { table: 'contracts', leadColumn: 'lead_id', timeColumns: ['issued_at', 'signed_at', 'countersigned_at', 'enrolled_at', 'cancelled_at'] },
];
