/** Sequences (issue 23): admins edit them; staff enrol a lead in one or remove it from the lead page. */
import type { Feature } from '../features/feature';
import { registerSequenceRoutes } from './sequence-routes';

export const sequencesFeature: Feature = { name: 'sequences', routes: registerSequenceRoutes };
