/**
 * The student's ledger (issue 34): the fees the live contract states, what was paid and refunded,
 * the balance, and — while no contract is signed by the student — the service-fee cap of
 * O. Reg. 415/06: the college may collect only min(20 % of the program's fees, $500) before it.
 * Before any contract exists the cap comes from the program's published fees (program_fees), so
 * the cap is known (and enforced) from the first payment on.
 */
import type { Queryable } from '../db/database';
import { type ContractTerms } from '../../src/enrolment-contract';
import { serviceFeeCapCents, type Ledger, type LedgerEntry } from '../../src/ledger-contract';
import { refundObligationsWhere } from './refund-rows';

interface ContractRow {
  id: string;
  status: string;
  terms: ContractTerms;
  signed_at: Date | null;
}

/** What the ledger's money figures rest on, read in the caller's transaction (payments lock first). */
export interface MoneyState {
  /** The live (not superseded, not cancelled) contract, if any. */
  live: ContractRow | null;
  /** The newest version of any status: a cancelled one means no fees are owed. */
  latest: ContractRow | null;
  feesCents: number;
  paidCents: number;
  refundedCents: number;
  /** Null once the student signed the live contract. */
  capCents: number | null;
}

const trimmed = (row: ContractRow | undefined): ContractRow | null => (row ? { ...row, id: row.id.trim() } : null);

/** The compulsory fees the program publishes for the application's residency (retired and blank ones left out). */
export async function publishedFeesCents(db: Queryable, applicationId: string): Promise<number> {
  const { rows } = await db.query<{ total: string | null }>(
    `SELECT sum(f.amount_cents)::text AS total
       FROM applications a JOIN program_fees f ON f.course_id = a.course_id
      WHERE a.id = $1 AND NOT f.retired AND f.amount_cents IS NOT NULL AND f.kind = 'compulsory'
        AND (f.applies_to = 'all' OR f.applies_to = coalesce(a.answers->>'residency', 'local'))`,
    [applicationId],
  );
  return Number(rows[0]?.total ?? 0);
}

export async function moneyState(db: Queryable, applicationId: string): Promise<MoneyState> {
  const contracts = await db.query<ContractRow>(
    `SELECT id, status, terms, signed_at FROM contracts WHERE application_id = $1 ORDER BY version DESC`,
    [applicationId],
  );
  const live = trimmed(contracts.rows.find((c) => c.status !== 'superseded' && c.status !== 'cancelled'));
  const latest = trimmed(contracts.rows[0]);
  const sums = await db.query<{ paid: string; refunded: string }>(
    `SELECT coalesce(sum(amount_cents) FILTER (WHERE kind = 'payment'), 0)::text AS paid,
            coalesce(sum(amount_cents) FILTER (WHERE kind = 'refund'), 0)::text AS refunded
       FROM ledger_entries WHERE application_id = $1`,
    [applicationId],
  );
  const feesCents = live ? live.terms.total_cents : 0;
  let capCents: number | null = null;
  if (!live?.signed_at) {
    // An issued contract states the cap it was issued with; before any (or after a cancelled one) the published fees give it.
    capCents = live ? live.terms.service_fee_cap_cents : serviceFeeCapCents(await publishedFeesCents(db, applicationId));
  }
  return {
    live,
    latest,
    feesCents,
    paidCents: Number(sums.rows[0]?.paid ?? 0),
    refundedCents: Number(sums.rows[0]?.refunded ?? 0),
    capCents,
  };
}

/** A ledger row's own columns, as the database gives them (the entry's and its receipt's reads). */
export type EntryColumns = Pick<LedgerEntry, 'kind' | 'amount_cents' | 'method' | 'reference' | 'funder' | 'receipt_number'>;

interface EntryRow extends EntryColumns {
  id: string;
  recorded_by: string | null;
  recorded_by_name: string | null;
  recorded_at: Date;
}

export async function ledgerEntries(db: Queryable, applicationId: string): Promise<LedgerEntry[]> {
  const { rows } = await db.query<EntryRow>(
    `SELECT e.id, e.kind, e.amount_cents, e.method, e.reference, e.funder, e.receipt_number, e.recorded_by,
            u.name AS recorded_by_name, e.recorded_at
       FROM ledger_entries e LEFT JOIN users u ON u.id = e.recorded_by
      WHERE e.application_id = $1 ORDER BY e.recorded_at, e.receipt_number`,
    [applicationId],
  );
  return rows.map((r) => ({
    _id: r.id.trim(),
    kind: r.kind,
    amount_cents: r.amount_cents,
    method: r.method,
    reference: r.reference,
    funder: r.funder,
    receipt_number: r.receipt_number,
    recorded_by: r.recorded_by && r.recorded_by_name !== null ? { _id: r.recorded_by.trim(), name: r.recorded_by_name } : null,
    recorded_at: r.recorded_at.toISOString(),
  }));
}

/** The ledger as staff read it (the caller has checked the application is in view). */
export async function ledgerOf(db: Queryable, applicationId: string, now: Date): Promise<Ledger> {
  const state = await moneyState(db, applicationId);
  const [entries, refunds] = await Promise.all([
    ledgerEntries(db, applicationId),
    refundObligationsWhere(db, 'r.application_id = $1', [applicationId], now),
  ]);
  return {
    fees_cents: state.feesCents,
    paid_cents: state.paidCents,
    refunded_cents: state.refundedCents,
    balance_cents: state.feesCents - state.paidCents + state.refundedCents,
    service_fee_cap_cents: state.capCents,
    entries,
    refunds,
  };
}
