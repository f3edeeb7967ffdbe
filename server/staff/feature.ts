/** Staff accounts (admins invite and change them), one's own account, and the audit log (server/audit/). */
import type { Feature } from '../features/feature';
import { registerStaffRoutes } from './staff-routes';
import { registerAccountRoutes } from './account-routes';
import { registerAuditRoutes } from '../audit/feature';

export const staffFeature: Feature = {
  name: 'staff',
  routes(api, ctx) {
    registerStaffRoutes(api, ctx);
    registerAccountRoutes(api, ctx);
    registerAuditRoutes(api, ctx);
  },
};
