/** A refund basis's title ("Withdrawal"), for the timeline and the admins' mail (issue 34). */
import { REFUND_BASES, type RefundBasis } from '../../src/enrolment-contract';

export const basisTitle = (basis: RefundBasis): string => REFUND_BASES.find((b) => b.id === basis)?.title ?? basis;
