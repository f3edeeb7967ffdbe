/**
 * The enrolment panel of an application in the CRM (issue 34): its current contract (its copy's
 * delivery settled first, so the deadline shows as soon as the mail has gone), every version, what
 * a new version would lack, whether this staff member may countersign, and the ledger.
 */
import type { Queryable } from '../db/database';
import type { StaffEnrolment } from '../../src/enrolment-contract';
import { visibleApplication, type ApplicationView } from '../applications/staff-visibility';
import { contractVersions, contractView } from './contract-store';
import { draftContractTerms } from './contract-terms';
import { settledContract } from './contract-lifecycle';
import { maySignContracts } from './contract-signing';
import { ledgerOf } from './ledger';

export async function staffEnrolment(db: Queryable, view: ApplicationView, applicationId: string, now: Date): Promise<StaffEnrolment> {
  await visibleApplication(db, view, applicationId);
  const contract = await settledContract(db, applicationId);
  const versions = await contractVersions(db, applicationId);
  const { missing } = await draftContractTerms(db, applicationId, { version: (versions[0]?.version ?? 0) + 1, issuedAt: now });
  return {
    contract: contract ? contractView(contract) : null,
    versions,
    missing,
    may_countersign: await maySignContracts(db, view.userId),
    ledger: await ledgerOf(db, applicationId, now),
  };
}
