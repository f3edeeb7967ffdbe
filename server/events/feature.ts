/** Events (issue 24): the public reads and registration, the CRM's editor, check-in and report. */
import type { Feature } from '../features/feature';
import { registerEventRoutes } from './public-routes';
import { registerCrmEventRoutes } from './crm-routes';
import { registerEventCheckInRoutes } from './crm-registrations-routes';

export const eventsFeature: Feature = {
  name: 'events',
  routes(api, ctx) {
    registerEventRoutes(api, ctx);
    registerCrmEventRoutes(api, ctx);
    registerEventCheckInRoutes(api, ctx);
  },
};
