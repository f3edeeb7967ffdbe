/**
 * A route scope for signed-in staff: every route registered in it needs a live staff session on an
 * active account (guards.ts) and is marked `access: 'staff'`. Used as the plugin of api.register,
 * so the scope's prefix stays beside the routes.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { activeAccountGuard, guardRoutes, staffGuard } from '../auth/guards';
import type { ApiInstance, ZodTypeProvider } from './route-schema';

export function staffScope(ctx: AppContext, routes: (scope: ApiInstance) => void) {
  return async (scope: FastifyInstance): Promise<void> => {
    const staff = scope.withTypeProvider<ZodTypeProvider>();
    guardRoutes(staff, 'staff', staffGuard(ctx), activeAccountGuard(ctx));
    routes(staff);
  };
}
