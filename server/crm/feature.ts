/** The CRM's leads: the inbox, one lead, its stage and owner, the dashboard; a lead's timeline, notes and activities. */
import type { Feature } from '../features/feature';
import { registerCrmRoutes } from './crm-routes';
import { registerActivityRoutes } from './activity-routes';

export const crmFeature: Feature = {
  name: 'crm',
  routes(api, ctx) {
    registerCrmRoutes(api, ctx);
    registerActivityRoutes(api, ctx);
  },
};
