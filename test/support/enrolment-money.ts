/**
 * Enrolment's money tests (issue 34): a program's published fees, a signed contract inserted as a
 * row (the contract flow is tested on its own), the ledger calls and the mails a student got.
 */
import crypto from 'node:crypto';
import type { TestServer } from './server';
import { newId } from './staff-applications';
import type { ContractStatus } from '../../src/enrolment-contract';
import type { Ledger, PaymentRequest } from '../../src/ledger-contract';
import { crmEnrolmentPaths } from '../../src/enrolment-contract';

/** Replaces a course's published fees with one compulsory tuition of `cents`. */
export async function setProgramFees(server: TestServer, courseId: string, cents: number): Promise<void> {
  await server.db.pool.query('UPDATE program_fees SET retired = true WHERE course_id = $1', [courseId]);
  await server.db.pool.query(
    `INSERT INTO program_fees (id, course_id, label, amount_cents, kind, applies_to) VALUES ($1, $2, 'Tuition', $3, 'compulsory', 'all')`,
    [newId(), courseId, cents],
  );
}

export interface ContractRowOptions {
  totalCents: number;
  status?: ContractStatus;
  signed?: boolean;
  startDate?: string;
  endDate?: string;
  version?: number;
}

/** A contract version as the contract flow stores it, signed by the student unless `signed: false`. */
export async function insertContract(server: TestServer, applicationId: string, options: ContractRowOptions): Promise<string> {
  const id = newId();
  const signed = options.signed ?? true;
  const terms = {
    total_cents: options.totalCents,
    service_fee_cap_cents: Math.min(Math.floor(options.totalCents / 5), 50_000),
    start_date: options.startDate ?? '2027-01-04',
    expected_end_date: options.endDate ?? '2027-10-29',
    program: { hours: 600 },
  };
  await server.db.pool.query(
    `INSERT INTO contracts (id, application_id, lead_id, version, status, terms, pdf, pdf_sha256, signed_at, signed_sha256, signed_name)
     SELECT $1, a.id, a.lead_id, $3, $4, $5::jsonb, '\\x25504446'::bytea, 'hash',
            CASE WHEN $6 THEN now() END, CASE WHEN $6 THEN 'hash' END, CASE WHEN $6 THEN 'Grace Hopper' END
       FROM applications a WHERE a.id = $2`,
    [id, applicationId, options.version ?? 1, options.status ?? (signed ? 'signed' : 'issued'), JSON.stringify(terms), signed],
  );
  return id;
}

export const requestKey = (): string => crypto.randomUUID();

export function moneyCalls(server: TestServer, token: () => string) {
  const auth = () => ({ authorization: `Bearer ${token()}` });
  const call = async <T>(method: 'GET' | 'POST', url: string, payload?: object) => {
    const response = await server.app.inject({ method, url, headers: auth(), ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: response.json<T & { message?: string; errors?: Record<string, string> }>() };
  };
  return {
    pay: (applicationId: string, request: Partial<PaymentRequest> & { amount_cents: number }) =>
      call<Ledger>('POST', crmEnrolmentPaths.payments(applicationId), { request_key: requestKey(), method: 'e_transfer', ...request }),
    notice: (applicationId: string, body: object) => call<Ledger>('POST', crmEnrolmentPaths.refundNotice(applicationId), body),
    refunds: () => call<{ refunds: Ledger['refunds'] }>('GET', crmEnrolmentPaths.refunds),
    recordRefund: (refundId: string, request: Partial<PaymentRequest> & { amount_cents: number }) =>
      call<Ledger>('POST', crmEnrolmentPaths.recordRefund(refundId), { request_key: requestKey(), method: 'e_transfer', ...request }),
  };
}

export interface QueuedMail {
  subject: string;
  text_body: string;
  envelope: { attachments?: { filename: string; contentType: string; content: string }[] } | null;
}

export async function mailsTo(server: TestServer, to: string): Promise<QueuedMail[]> {
  const { rows } = await server.db.pool.query<QueuedMail>(
    'SELECT subject, text_body, envelope FROM mail_queue WHERE to_address = $1 ORDER BY id',
    [to],
  );
  return rows;
}
