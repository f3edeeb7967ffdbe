/**
 * The two signatures (issue 34). The student signs in the portal: every acknowledgement ticked,
 * the full legal name typed, and the SHA-256 of the exact PDF they were shown, which must be the
 * issued one's (a tampered or outdated PDF is refused). The record keeps the time, the client's
 * address and user agent. Then a staff member allowed to sign contracts countersigns: the final
 * PDF gets its signature page, and its copy is queued to the student in the same transaction, so
 * mail retries carry it through an SMTP outage; its delivery starts the cooling-off.
 */
import { z } from 'zod';
import type { AppContext } from '../context';
import type { Queryable } from '../db/database';
import { recordAudit, type AuditWho } from '../audit/audit-log';
import { Conflict, Forbidden, InvalidInput, invalidField } from '../domain-errors';
import { recordApplicationStep } from '../applications/application-events';
import { requireApplicationOf } from '../applications/application-store';
import { visibleApplication, type ApplicationView } from '../applications/staff-visibility';
import { fromAddress } from '../mail/delivery';
import type { ContractSignRequest } from '../../src/enrolment-contract';
import { acknowledgementsOf } from './contract-terms';
import { withSignaturePage } from './signature-page';
import { contractById, contractPdf, NO_CONTRACT_MESSAGE } from './contract-store';
import { contractCopyMail } from './contract-mails';
import { sha256Hex } from './contract-issue';

export const HASH_MISMATCH_MESSAGE =
  'The contract you were shown is not the one on record (it may have been replaced). Please reload the page, read it again and sign.';
export const NOT_SIGNABLE_MESSAGE = 'This contract is not waiting for your signature.';
export const NOT_COUNTERSIGNABLE_MESSAGE = 'This contract is not waiting for the college’s signature.';
export const SIGN_CONTRACTS_ONLY_MESSAGE =
  'Only an admin or a staff member allowed to sign contracts can countersign. Please ask an admin.';

export const signSchema = z.object({
  contract_id: z.string().regex(/^[0-9a-f]{24}$/, NO_CONTRACT_MESSAGE),
  pdf_sha256: z.string().regex(/^[0-9a-f]{64}$/, HASH_MISMATCH_MESSAGE),
  name: z.string().trim().min(2, 'Please type your full legal name.').max(120, 'Please type at most 120 characters.'),
  acknowledgements: z.array(z.string()).max(20),
});

export async function signAsStudent(
  tx: Queryable,
  email: string,
  body: ContractSignRequest,
  client: { ip: string; userAgent: string },
): Promise<void> {
  const application = await requireApplicationOf(tx, email, true);
  const contract = await contractById(tx, body.contract_id, true);
  if (contract.application_id !== application.id) throw new Conflict(NO_CONTRACT_MESSAGE);
  if (contract.status !== 'issued') throw new Conflict(NOT_SIGNABLE_MESSAGE);
  if (body.pdf_sha256 !== contract.pdf_sha256) throw new Conflict(HASH_MISMATCH_MESSAGE);
  const missing = acknowledgementsOf(contract.terms).filter((a) => !body.acknowledgements.includes(a.key));
  if (missing.length > 0) {
    throw new InvalidInput(
      'Please tick every acknowledgement before signing.',
      Object.fromEntries(missing.map((a) => [`ack_${a.key}`, 'Please tick this acknowledgement.'])),
    );
  }
  if (!body.name.trim()) throw invalidField('name', 'Please type your full legal name.');
  await tx.query(
    `UPDATE contracts SET status = 'signed', signed_name = $2, signed_at = now(), signed_ip = $3, signed_agent = $4,
            signed_sha256 = $5, acknowledgements = $6::jsonb WHERE id = $1`,
    [contract.id, body.name.trim(), client.ip, client.userAgent.slice(0, 500), body.pdf_sha256, JSON.stringify(body.acknowledgements)],
  );
  await recordApplicationStep(tx, {
    leadId: contract.lead_id,
    applicationId: contract.application_id,
    action: 'contract_signed',
    text: `Contract version ${contract.version} signed by the student as “${body.name.trim()}”`,
    byUserId: null,
  });
}

/** Admins, and accounts an admin granted "sign contracts" on the Staff page (read at each call, so a revoked grant counts at once). */
export async function maySignContracts(db: Queryable, userId: string): Promise<boolean> {
  const { rows } = await db.query<{ allowed: boolean }>(
    `SELECT role = 'admin' OR sign_contracts AS allowed FROM users WHERE id = $1 AND status = 1`,
    [userId],
  );
  return rows[0]?.allowed ?? false;
}

export async function countersign(tx: Queryable, ctx: AppContext, view: ApplicationView, contractId: string, who: AuditWho): Promise<void> {
  if (!(await maySignContracts(tx, view.userId))) throw new Forbidden(SIGN_CONTRACTS_ONLY_MESSAGE);
  const contract = await contractById(tx, contractId, true);
  const application = await visibleApplication(tx, view, contract.application_id);
  if (contract.status !== 'signed') throw new Conflict(NOT_COUNTERSIGNABLE_MESSAGE);
  const { rows } = await tx.query<{ name: string; signed_ip: string; signed_agent: string; acks: string[]; now: Date; signed_at: Date }>(
    `SELECT u.name, c.signed_ip, c.signed_agent, c.acknowledgements AS acks, c.signed_at, now() AS now
       FROM contracts c, users u WHERE c.id = $1 AND u.id = $2`,
    [contract.id, view.userId],
  );
  const signer = rows[0];
  if (!signer) throw new Conflict(NOT_COUNTERSIGNABLE_MESSAGE);
  const acknowledged = acknowledgementsOf(contract.terms).filter((a) => signer.acks.includes(a.key));
  const final = await withSignaturePage((await contractPdf(tx, contract.id)).bytes, {
    version: contract.version,
    pdfSha256: contract.pdf_sha256,
    student: { name: contract.signed_name ?? '', at: signer.signed_at, ip: signer.signed_ip, userAgent: signer.signed_agent },
    college: { name: signer.name, at: signer.now },
    acknowledgements: acknowledged.map((a) => a.text),
  });
  const finalSha = sha256Hex(final);
  const domain = fromAddress(ctx.config.mailFrom).split('@')[1] ?? 'localhost';
  const copy = contractCopyMail({
    to: application.email,
    contractId: contract.id,
    program: contract.terms.program.approved_name,
    version: contract.version,
    sha256: finalSha,
    pdf: final,
    domain,
  });
  const mailId = await ctx.mailer.enqueue(tx, copy);
  await tx.query(
    `UPDATE contracts SET status = 'countersigned', countersigned_by = $2, countersigned_at = $3, final_pdf = $4, final_sha256 = $5,
            copy_mail_id = $6 WHERE id = $1`,
    [contract.id, view.userId, signer.now, Buffer.from(final), finalSha, mailId],
  );
  await recordApplicationStep(tx, {
    leadId: contract.lead_id,
    applicationId: contract.application_id,
    action: 'contract_countersigned',
    text: `Contract version ${contract.version} countersigned by ${signer.name}; the copy is on its way to the student`,
    byUserId: view.userId,
  });
  await recordAudit(tx, {
    ...who,
    action: 'enrolment.contract_countersigned',
    details: { contract_id: contract.id, version: contract.version },
  });
}
