/**
 * The process's own routes, which belong to no feature: /api/health and /metrics (server/routes/).
 * Every feature exports its Feature from its folder (server/<feature>/feature.ts).
 */
import type { Feature } from './feature';
import { registerHealthRoutes } from '../routes/health';
import { registerMetrics } from '../routes/metrics';

/** Prometheus metrics, outside /api. */
export const metrics: Feature = { name: 'metrics', rootRoutes: registerMetrics };
export const health: Feature = { name: 'health', routes: registerHealthRoutes };
