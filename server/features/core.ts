/**
 * The features whose routes live in server/routes/ (one file or a few per concern), named by
 * concern. Features with their own folder export theirs from it (server/events/index.ts).
 */
import type { Feature } from './feature';
import { registerHealthRoutes } from '../routes/health';
import { registerEmailTemplateRoutes } from '../routes/email-templates';
import { registerLeadEmailRoutes } from '../routes/lead-email';
import '../privacy/feature';
import { registerReplyRoutes } from '../routes/replies';
import { registerSequenceRoutes } from '../routes/sequences';
import { registerAssignmentRoutes } from '../routes/assignment';
import { registerMetrics } from '../routes/metrics';

/** Prometheus metrics, outside /api. */
export const metrics: Feature = { name: 'metrics', rootRoutes: registerMetrics };
export const health: Feature = { name: 'health', routes: registerHealthRoutes };
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
