/**
 * What a refund obligation owes and the rule it rests on (issue 34, O. Reg. 415/06).
 *
 * - Full refunds (the cooling-off, a discontinued program, fees collected before the contract or
 *   before the program's approval, a fee missing from or above the published list): everything
 *   paid and not yet refunded — the application and service fees included — less what other open
 *   obligations already owe.
 * - Partial refunds (withdrawal, expulsion, not commenced): the "earned fees" are the fees in
 *   proportion to the instruction hours delivered by the notice. As a first estimate the hours
 *   delivered are counted in proportion to the time elapsed between the intake's start and end
 *   dates (Toronto days; an attendance record would be exact), and the figure is shown to staff.
 *   When an admin has configured the partial-refund schedule (enrolment_settings), the amount is
 *   computed from it: the step for the share of hours delivered gives the share of the fees
 *   refunded; the college keeps the rest of the fees, and refunds what was paid beyond that. Until
 *   the schedule is configured the amount stays null, for staff to complete.
 */
import type { Queryable } from '../db/database';
import { type ContractTerms } from '../../src/enrolment-contract';
import { REFUND_BASES, type RefundBasis } from '../../src/ledger-contract';
import { type RefundScheduleStep } from '../../src/program-terms-contract';
import { torontoInstant } from '../../src/college-time';
import { moneyState, publishedFeesCents } from './ledger';

export const COOLING_OFF_LEGAL_BASIS = "O. Reg. 415/06, s. 25 (cancellation within two days of receiving the contract's copy)";

const LEGAL_BASES: Record<RefundBasis, string> = {
  cooling_off: COOLING_OFF_LEGAL_BASIS,
  discontinued: 'O. Reg. 415/06, s. 25 (full refund: the college discontinued the program)',
  before_contract: 'O. Reg. 415/06, s. 25 (full refund: fees collected before the contract, beyond the service fee)',
  before_approval: 'O. Reg. 415/06, s. 25 (full refund: fees collected before the program was approved)',
  unpublished_fee: 'O. Reg. 415/06, s. 25 (full refund: a fee missing from, or higher than, the published list)',
  not_commenced: 'O. Reg. 415/06, s. 26 (the student did not commence the program)',
  withdrawal: 'O. Reg. 415/06, s. 27 (withdrawal after the program commenced: partial refund)',
  expulsion: 'O. Reg. 415/06, s. 27 (expulsion after the program commenced: partial refund)',
};

export const isFullBasis = (basis: RefundBasis): boolean => REFUND_BASES.find((b) => b.id === basis)?.full ?? true;

export interface RefundAmount {
  amountCents: number | null;
  earnedFeesCents: number | null;
  legalBasis: string;
}

interface ProgramFacts {
  feesCents: number;
  startDate: string | null;
  endDate: string | null;
}

/** The fees and dates a partial refund is measured on: the contract's when there is one, else the published ones and the intake's. */
async function programFacts(db: Queryable, applicationId: string, contractId: string | null): Promise<ProgramFacts> {
  const contract = await db.query<{ terms: ContractTerms }>(
    contractId
      ? 'SELECT terms FROM contracts WHERE id = $2 AND application_id = $1'
      : 'SELECT terms FROM contracts WHERE application_id = $1 ORDER BY version DESC LIMIT 1',
    contractId ? [applicationId, contractId] : [applicationId],
  );
  const terms = contract.rows[0]?.terms;
  if (terms) return { feesCents: terms.total_cents, startDate: terms.start_date, endDate: terms.expected_end_date };
  const intake = await db.query<{ start_date: string; end_date: string }>(
    `SELECT i.start_date::text AS start_date, i.end_date::text AS end_date
       FROM applications a JOIN intakes i ON i.id = a.intake_id WHERE a.id = $1`,
    [applicationId],
  );
  const row = intake.rows[0];
  return { feesCents: await publishedFeesCents(db, applicationId), startDate: row?.start_date ?? null, endDate: row?.end_date ?? null };
}

const dayStart = (day: string, plusDays = 0): Date => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return torontoInstant(y, m, d + plusDays);
};

/** The share (0–1) of the program delivered by `at`: time elapsed from the first day's start to the last day's end. */
export function deliveredShare(startDate: string, endDate: string, at: Date): number {
  const start = dayStart(startDate).getTime();
  const end = dayStart(endDate, 1).getTime();
  if (end <= start) return at.getTime() >= start ? 1 : 0;
  return Math.min(1, Math.max(0, (at.getTime() - start) / (end - start)));
}

/** The share of the fees refunded for a delivered share, by the first step that covers it (none: 0). */
export function scheduledRefundPercent(schedule: RefundScheduleStep[], deliveredPercent: number): number {
  const steps = [...schedule].sort((a, b) => a.up_to_percent_of_hours - b.up_to_percent_of_hours);
  return steps.find((step) => deliveredPercent <= step.up_to_percent_of_hours)?.refund_percent ?? 0;
}

/** What the college still holds of the student's money, less what open obligations already owe. */
async function refundableCents(db: Queryable, applicationId: string): Promise<number> {
  const state = await moneyState(db, applicationId);
  const { rows } = await db.query<{ owed: string }>(
    `SELECT coalesce(sum(amount_cents - paid_cents), 0)::text AS owed
       FROM refund_obligations WHERE application_id = $1 AND status = 'open' AND amount_cents IS NOT NULL`,
    [applicationId],
  );
  return Math.max(0, state.paidCents - state.refundedCents - Number(rows[0]?.owed ?? 0));
}

export async function refundAmount(
  db: Queryable,
  input: { applicationId: string; contractId: string | null; basis: RefundBasis; noticeReceivedAt: Date },
): Promise<RefundAmount> {
  const refundable = await refundableCents(db, input.applicationId);
  const legalBasis = LEGAL_BASES[input.basis];
  if (isFullBasis(input.basis)) return { amountCents: refundable, earnedFeesCents: null, legalBasis };
  const facts = await programFacts(db, input.applicationId, input.contractId);
  const share = facts.startDate && facts.endDate ? deliveredShare(facts.startDate, facts.endDate, input.noticeReceivedAt) : null;
  const earnedFeesCents = share === null ? null : Math.round(facts.feesCents * share);
  const settings = await db.query<{ refund_schedule: RefundScheduleStep[] | null; refund_schedule_source: string | null }>(
    'SELECT refund_schedule, refund_schedule_source FROM enrolment_settings',
  );
  const schedule = settings.rows[0]?.refund_schedule;
  if (!schedule?.length || share === null) return { amountCents: null, earnedFeesCents, legalBasis };
  const retained = facts.feesCents - Math.round((facts.feesCents * scheduledRefundPercent(schedule, share * 100)) / 100);
  const source = settings.rows[0]?.refund_schedule_source;
  return {
    amountCents: Math.max(0, refundable - retained),
    earnedFeesCents,
    legalBasis: source ? `${legalBasis}; schedule: ${source}` : legalBasis,
  };
}
