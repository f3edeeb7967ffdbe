/**
 * Refund obligations as staff read them (issue 34), for an application's ledger and the Refunds
 * page: the student and program by name, and whether the obligation is overdue (open past its due
 * date, which is 30 days after the notice). The page's order: open before refunded, overdue first,
 * then the nearest due date.
 */
import type { Queryable } from '../db/database';
import type { RefundObligation } from '../../src/ledger-contract';
import { FIRST_NAME_SQL, LAST_NAME_SQL } from '../applications/staff-labels';
import { visibleCondition, type ApplicationView } from '../applications/staff-visibility';

/** The wire's fields as stored; ids, the name's parts and the times as the database gives them. */
interface RefundRow extends Pick<
  RefundObligation,
  'program' | 'basis' | 'legal_basis' | 'amount_cents' | 'earned_fees_cents' | 'paid_cents' | 'status'
> {
  id: string;
  application_id: string;
  first_name: string;
  last_name: string;
  notice_received_at: Date;
  due_at: Date;
}

/** Most recent refunded obligations shown on the page; open ones are always all shown. */
const PAGE_LIMIT = 500;

/** Obligations matching `condition` (on `r`, the application `a`, its lead `l`), in the page's order. */
export async function refundObligationsWhere(db: Queryable, condition: string, params: unknown[], now: Date): Promise<RefundObligation[]> {
  const at = params.length + 1;
  const { rows } = await db.query<RefundRow>(
    `SELECT r.id, r.application_id, ${FIRST_NAME_SQL} AS first_name, ${LAST_NAME_SQL} AS last_name, c.course_name AS program,
            r.basis, r.legal_basis, r.amount_cents, r.earned_fees_cents, r.paid_cents, r.notice_received_at, r.due_at, r.status
       FROM refund_obligations r JOIN applications a ON a.id = r.application_id JOIN leads l ON l.id = a.lead_id
       LEFT JOIN courses c ON c.id = a.course_id
      WHERE ${condition}
      ORDER BY r.status = 'open' DESC, (r.status = 'open' AND r.due_at < $${at}) DESC,
               CASE WHEN r.status = 'open' THEN r.due_at END, r.refunded_at DESC, r.id
      LIMIT ${PAGE_LIMIT}`,
    [...params, now],
  );
  return rows.map((r) => ({
    _id: r.id.trim(),
    application_id: r.application_id.trim(),
    student: `${r.first_name} ${r.last_name}`.trim(),
    program: r.program,
    basis: r.basis,
    legal_basis: r.legal_basis,
    amount_cents: r.amount_cents,
    earned_fees_cents: r.earned_fees_cents,
    paid_cents: r.paid_cents,
    notice_received_at: r.notice_received_at.toISOString(),
    due_at: r.due_at.toISOString(),
    status: r.status,
    overdue: r.status === 'open' && r.due_at.getTime() < now.getTime(),
  }));
}

/** The Refunds page: every obligation of the applications in view. */
export async function refundsList(db: Queryable, view: ApplicationView, now: Date): Promise<{ refunds: RefundObligation[] }> {
  const params: unknown[] = [];
  const condition = visibleCondition(view, params);
  return { refunds: await refundObligationsWhere(db, condition, params, now) };
}
