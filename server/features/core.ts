/**
 * The features whose routes live in server/routes/ (one file or a few per concern), named by
 * concern. Features with their own folder export theirs from it (server/events/index.ts).
 */
import type { Feature } from './feature';
import { registerHealthRoutes } from '../routes/health';
import { registerCatalogueRoutes } from '../routes/catalogue';
import { registerSearchRoutes } from '../routes/search';
// Moved features, loaded here in their old place (their routes are listed in server/app.ts): the API
// description names its answer components in the order their modules load, and it stays the same.
import '../crm/feature';
import '../merge/feature';
import '../staff/feature';
import { registerEmailTemplateRoutes } from '../routes/email-templates';
import { registerLeadEmailRoutes } from '../routes/lead-email';
import '../privacy/feature';
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
/** E-mail templates and mail to a lead. */
export const outreach: Feature = {
  name: 'outreach',
  routes(api, ctx) {
    registerEmailTemplateRoutes(api, ctx);
    registerLeadEmailRoutes(api, ctx);
  },
};
export const replies: Feature = { name: 'replies', routes: registerReplyRoutes };
export const sequences: Feature = { name: 'sequences', routes: registerSequenceRoutes };
export const assignment: Feature = { name: 'assignment', routes: registerAssignmentRoutes };
export const catalogueEditing: Feature = { name: 'catalogue-editing', routes: registerCatalogueEditingRoutes };
