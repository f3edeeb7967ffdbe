/**
 * Issuing an enrolment contract (issue 34): from an accepted admission, staff make a version from
 * the catalogue, the intake, the applicant and the fee schedule. A missing element blocks it, named.
 * A new version supersedes the live one (a signed version is never changed: it stays, superseded);
 * an enrolled or cancelled contract is not amended here. One transaction with its timeline entry,
 * its audit entry and the e-mail telling the student it is ready.
 */
import { createHash } from 'node:crypto';
import type { AppContext } from '../context';
import type { Queryable } from '../db/database';
import { newId } from '../auth/tokens';
import { recordAudit, type AuditWho } from '../audit/audit-log';
import { Conflict, InvalidInput } from '../domain-errors';
import { recordApplicationStep } from '../applications/application-events';
import { visibleApplication, type ApplicationView } from '../applications/staff-visibility';
import { draftContractTerms } from './contract-terms';
import { renderContractPdf } from './contract-pdf';
import { currentContract } from './contract-store';
import { contractReadyMail } from './contract-mails';

export const NOT_ACCEPTED_MESSAGE = 'A contract can be issued only once the applicant has accepted an admission.';
export const FINAL_CONTRACT_MESSAGE = 'This contract is final (enrolled or cancelled): it cannot be amended here.';

export const sha256Hex = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

export async function issueContract(
  tx: Queryable,
  ctx: AppContext,
  view: ApplicationView,
  applicationId: string,
  who: AuditWho,
): Promise<string> {
  const application = await visibleApplication(tx, view, applicationId, true);
  if (application.answer !== 'accepted') throw new Conflict(NOT_ACCEPTED_MESSAGE);
  const live = await currentContract(tx, applicationId, true);
  if (live && (live.status === 'enrolled' || live.status === 'cancelled')) throw new Conflict(FINAL_CONTRACT_MESSAGE);
  const { rows } = await tx.query<{ next: number }>(
    'SELECT coalesce(max(version), 0) + 1 AS next FROM contracts WHERE application_id = $1',
    [applicationId],
  );
  const version = Number(rows[0]?.next ?? 1);
  const { terms, missing } = await draftContractTerms(tx, applicationId, { version, issuedAt: ctx.now(), siteUrl: ctx.config.siteUrl });
  if (!terms) {
    throw new InvalidInput(`The contract cannot be issued. Missing: ${missing.join('; ')}.`, { contract: missing.join('; ') });
  }
  const pdf = await renderContractPdf(terms);
  if (live) await tx.query(`UPDATE contracts SET status = 'superseded' WHERE id = $1`, [live.id]);
  const id = newId();
  await tx.query(
    `INSERT INTO contracts (id, application_id, lead_id, version, terms, pdf, pdf_sha256, issued_by, issued_at)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9)`,
    [
      id,
      applicationId,
      application.lead_id,
      version,
      JSON.stringify(terms),
      Buffer.from(pdf),
      sha256Hex(pdf),
      view.userId,
      terms.issued_at,
    ],
  );
  const what = live ? `Contract version ${version} issued, replacing version ${live.version}` : `Contract version ${version} issued`;
  await recordApplicationStep(tx, {
    leadId: application.lead_id,
    applicationId,
    action: 'contract_issued',
    text: what,
    byUserId: view.userId,
  });
  await recordAudit(tx, {
    ...who,
    action: 'enrolment.contract_issued',
    details: { application_id: applicationId, contract_id: id, version },
  });
  await ctx.mailer.enqueue(
    tx,
    contractReadyMail({ to: application.email, program: terms.program.approved_name, portalUrl: `${ctx.config.siteUrl}/apply`, version }),
  );
  return id;
}
