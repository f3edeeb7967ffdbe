/** Assignment rules and speed to lead (issue 23), and the dashboard's median time to first contact. */
import type { Feature } from '../features/feature';
import { registerAssignmentRoutes } from './assignment-routes';

export const assignmentFeature: Feature = { name: 'assignment', routes: registerAssignmentRoutes };
