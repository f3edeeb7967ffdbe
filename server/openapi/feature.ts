/** GET /api/openapi.json as a feature: it reads the routes the collector saw (server/openapi/route-collector.ts). */
import type { Feature } from '../features/feature';
import { registerOpenApiRoute } from '../routes/openapi';
import type { ApiRouteCollector } from './route-collector';

export const openApiFeature = (collector: ApiRouteCollector): Feature => ({
  name: 'openapi',
  routes: (api) => registerOpenApiRoute(api, collector),
});
