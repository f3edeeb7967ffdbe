/** The student's ledger on the application page (issue 34): filled in by its owner (stub). */
import type { Ledger } from '../../../src/enrolment-contract';

export function LedgerSection(_props: { applicationId: string; ledger: Ledger; onChanged: () => void }) {
  return null;
}
