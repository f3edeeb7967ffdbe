/**
 * The features whose routes live in server/routes/ (one file or a few per concern), named by
 * concern. Features with their own folder export theirs from it (server/events/index.ts).
 */
import type { Feature } from './feature';
import { registerHealthRoutes } from '../routes/health';
import { registerCatalogueRoutes } from '../routes/catalogue';
import { registerSearchRoutes } from '../routes/search';
import { registerLeadRoutes } from '../routes/leads';
import { registerCrmRoutes } from '../routes/crm';
import { registerActivityRoutes } from '../routes/activities';
import { registerMergeRoutes } from '../routes/merge';
// Loaded here, between merge's routes and outreach's, only so that the staff feature's answer shapes (the
// audit log's) keep their place among the API description's components, which are listed in the order
// their modules are loaded; server/app.ts lists the feature itself.
import '../staff/feature';
import { registerEmailTemplateRoutes } from '../routes/email-templates';
import { registerLeadEmailRoutes } from '../routes/lead-email';
import { registerPrivacyRoutes } from '../routes/privacy';
import { registerReplyRoutes } from '../routes/replies';
import { registerSequenceRoutes } from '../routes/sequences';
import { registerAssignmentRoutes } from '../routes/assignment';
import { registerCatalogueEditingRoutes } from '../routes/catalogue-editing';
import { registerMetrics } from '../routes/metrics';
import { registerProfessorPhotoMedia } from '../routes/professor-photos';

/** Prometheus metrics, outside /api. */
export const metrics: Feature = { name: 'metrics', rootRoutes: registerMetrics };
export const health: Feature = { name: 'health', routes: registerHealthRoutes };
/** The public catalogue's reads, and the professors' photos it links to (outside /api). */
export const catalogue: Feature = { name: 'catalogue', routes: registerCatalogueRoutes, rootRoutes: registerProfessorPhotoMedia };
export const search: Feature = { name: 'search', routes: registerSearchRoutes };
export const leads: Feature = { name: 'leads', routes: registerLeadRoutes };
/** The CRM's leads and their activities. */
export const crm: Feature = {
  name: 'crm',
  routes(api, ctx) {
    registerCrmRoutes(api, ctx);
    registerActivityRoutes(api, ctx);
  },
};
export const merge: Feature = { name: 'merge', routes: registerMergeRoutes };
/** E-mail templates and mail to a lead. */
export const outreach: Feature = {
  name: 'outreach',
  routes(api, ctx) {
    registerEmailTemplateRoutes(api, ctx);
    registerLeadEmailRoutes(api, ctx);
  },
};
export const privacy: Feature = { name: 'privacy', routes: registerPrivacyRoutes };
export const replies: Feature = { name: 'replies', routes: registerReplyRoutes };
export const sequences: Feature = { name: 'sequences', routes: registerSequenceRoutes };
export const assignment: Feature = { name: 'assignment', routes: registerAssignmentRoutes };
export const catalogueEditing: Feature = { name: 'catalogue-editing', routes: registerCatalogueEditingRoutes };
