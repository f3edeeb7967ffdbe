/**
 * The states of an enrolment contract (issue 34), a value the browser uses too: their own module so
 * that the answers' schemas (src/enrolment-schemas.ts, server-only) and the browser's contract
 * (src/enrolment-contract.ts, which re-exports them) share one list without importing each other.
 */
export const CONTRACT_STATUSES = [
  { id: 'issued', title: 'Issued, waiting for the student' },
  { id: 'signed', title: 'Signed by the student, waiting for the college' },
  { id: 'countersigned', title: 'Signed by both, in the cooling-off period' },
  { id: 'enrolled', title: 'Enrolled' },
  { id: 'cancelled', title: 'Cancelled' },
  { id: 'superseded', title: 'Replaced by a newer version' },
] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number]['id'];
