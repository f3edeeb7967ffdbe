/**
 * Reading contracts (issue 34): the live version of an application (the one neither superseded nor
 * cancelled, else the newest), one version by id, and the view the portal and the CRM show. The
 * PDFs are read only where they are served or signed, never with the view.
 */
import type { Queryable } from '../db/database';
import type { ContractStatus, ContractTerms, ContractView } from '../../src/enrolment-contract';
import { NotFound } from '../domain-errors';
import { acknowledgementsOf } from './contract-terms';

export const NO_CONTRACT_MESSAGE = 'There is no such contract.';

export interface ContractRow {
  id: string;
  application_id: string;
  lead_id: string;
  version: number;
  status: ContractStatus;
  terms: ContractTerms;
  pdf_sha256: string;
  final_sha256: string | null;
  signed_name: string | null;
  signed_at: Date | null;
  countersigned_at: Date | null;
  countersigned_by: string | null;
  college_signer: string | null;
  copy_mail_id: string | null;
  copy_delivered_at: Date | null;
  cooling_off_ends_at: Date | null;
  cancelled_at: Date | null;
  enrolled_at: Date | null;
  issued_at: Date;
}

const COLUMNS = `c.id, c.application_id, c.lead_id, c.version, c.status, c.terms, c.pdf_sha256, c.final_sha256,
  c.signed_name, c.signed_at, c.countersigned_at, c.countersigned_by, u.name AS college_signer, c.copy_mail_id::text AS copy_mail_id,
  c.copy_delivered_at, c.cooling_off_ends_at, c.cancelled_at, c.enrolled_at, c.issued_at`;
const FROM = 'contracts c LEFT JOIN users u ON u.id = c.countersigned_by';

const trimmed = (row: ContractRow): ContractRow => ({
  ...row,
  id: row.id.trim(),
  application_id: row.application_id.trim(),
  lead_id: row.lead_id.trim(),
});

/** The application's current contract: the live version, else the newest (cancelled) one; null when none was issued. */
export async function currentContract(db: Queryable, applicationId: string, forUpdate = false): Promise<ContractRow | null> {
  const { rows } = await db.query<ContractRow>(
    `SELECT ${COLUMNS} FROM ${FROM} WHERE c.application_id = $1 AND c.status <> 'superseded'
      ORDER BY (c.status = 'cancelled'), c.version DESC LIMIT 1${forUpdate ? ' FOR UPDATE OF c' : ''}`,
    [applicationId],
  );
  return rows[0] ? trimmed(rows[0]) : null;
}

export async function contractById(db: Queryable, id: string, forUpdate = false): Promise<ContractRow> {
  if (!/^[0-9a-f]{24}$/.test(id)) throw new NotFound(NO_CONTRACT_MESSAGE);
  const { rows } = await db.query<ContractRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE c.id = $1${forUpdate ? ' FOR UPDATE OF c' : ''}`, [
    id,
  ]);
  if (!rows[0]) throw new NotFound(NO_CONTRACT_MESSAGE);
  return trimmed(rows[0]);
}

export async function contractVersions(
  db: Queryable,
  applicationId: string,
): Promise<{ _id: string; version: number; status: ContractStatus; issued_at: string }[]> {
  const { rows } = await db.query<{ id: string; version: number; status: ContractStatus; issued_at: Date }>(
    'SELECT id, version, status, issued_at FROM contracts WHERE application_id = $1 ORDER BY version DESC',
    [applicationId],
  );
  return rows.map((r) => ({ _id: r.id.trim(), version: r.version, status: r.status, issued_at: r.issued_at.toISOString() }));
}

/** The PDF as it is served: the final one (with its signature page) once countersigned, else the one to sign. */
export async function contractPdf(db: Queryable, id: string): Promise<{ bytes: Buffer; version: number; final: boolean }> {
  const { rows } = await db.query<{ pdf: Buffer; final_pdf: Buffer | null; version: number }>(
    'SELECT pdf, final_pdf, version FROM contracts WHERE id = $1',
    [id],
  );
  const row = rows[0];
  if (!row) throw new NotFound(NO_CONTRACT_MESSAGE);
  return { bytes: Buffer.from(row.final_pdf ?? row.pdf), version: row.version, final: row.final_pdf !== null };
}

const iso = (value: Date | null) => value?.toISOString() ?? null;

export function contractView(row: ContractRow): ContractView {
  return {
    _id: row.id,
    application_id: row.application_id,
    version: row.version,
    status: row.status,
    terms: row.terms,
    acknowledgements: acknowledgementsOf(row.terms),
    pdf_sha256: row.pdf_sha256,
    final_sha256: row.final_sha256,
    student_signature: row.signed_name && row.signed_at ? { name: row.signed_name, at: row.signed_at.toISOString() } : null,
    college_signature: row.countersigned_at ? { name: row.college_signer ?? 'College', at: row.countersigned_at.toISOString() } : null,
    copy_delivered_at: iso(row.copy_delivered_at),
    cooling_off_ends_at: iso(row.cooling_off_ends_at),
    cancelled_at: iso(row.cancelled_at),
    enrolled_at: iso(row.enrolled_at),
  };
}
