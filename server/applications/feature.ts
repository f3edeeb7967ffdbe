/** Applications (issue 33): the applicant portal, its documents, and the CRM's review. */
import type { Feature } from '../features/feature';
import { registerApplicantRoutes } from './applicant-routes';
import { registerApplicationDocumentRoutes } from './document-routes';
import { registerCrmApplicationRoutes } from './crm-application-routes';

export const applicationsFeature: Feature = {
  name: 'applications',
  routes(api, ctx) {
    registerApplicantRoutes(api, ctx);
    registerApplicationDocumentRoutes(api, ctx);
    registerCrmApplicationRoutes(api, ctx);
  },
};
