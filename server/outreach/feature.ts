/** Outreach (issue 22): the e-mail templates admins keep, and mail to a lead from the lead page. */
import type { Feature } from '../features/feature';
import { registerEmailTemplateRoutes } from './template-routes';
import { registerLeadEmailRoutes } from './lead-email-routes';

export const outreachFeature: Feature = {
  name: 'outreach',
  routes(api, ctx) {
    registerEmailTemplateRoutes(api, ctx);
    registerLeadEmailRoutes(api, ctx);
  },
};
