/**
 * How enrolment's staff routes are registered (issue 34): under /api/crm, behind the staff guards,
 * with the caller's application view (staff-visibility.ts: own leads, or all for admins and the
 * granted) one call away. The contract's and the money's routes share it.
 */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { staffOf } from '../auth/guards';
import { type ApiInstance, typedScope } from '../routes/route-schema';
import { applicationViewOf, type ApplicationView } from '../applications/staff-visibility';

/** The applications the staff member of `request` may see. */
export type ViewOf = (request: FastifyRequest) => Promise<ApplicationView>;

export function registerEnrolmentStaffRoutes(api: ApiInstance, ctx: AppContext, routes: (crm: ApiInstance, viewOf: ViewOf) => void): void {
  const viewOf: ViewOf = (request) => applicationViewOf(ctx.db.pool, staffOf(request).user._id);
  void api.register(
    typedScope((crm) => routes(crm, viewOf)),
    { prefix: '/crm' },
  );
}
