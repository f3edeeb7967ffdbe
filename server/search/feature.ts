/** The keyword search over courses and information pages (GET /api/search). */
import type { Feature } from '../features/feature';
import { registerSearchRoutes } from './search-routes';

export const searchFeature: Feature = { name: 'search', routes: registerSearchRoutes };
