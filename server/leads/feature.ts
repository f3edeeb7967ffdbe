/** Lead creation: the inquiry widget's POST /api/leads. */
import type { Feature } from '../features/feature';
import { registerLeadRoutes } from './lead-routes';

export const leadsFeature: Feature = { name: 'leads', routes: registerLeadRoutes };
