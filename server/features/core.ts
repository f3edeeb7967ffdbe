/**
 * The features whose routes live in server/routes/ (one file or a few per concern), named by
 * concern. Features with their own folder export theirs from it (server/events/index.ts).
 */
import type { Feature } from './feature';
import { registerHealthRoutes } from '../routes/health';
import { registerMetrics } from '../routes/metrics';

/** Prometheus metrics, outside /api. */
export const metrics: Feature = { name: 'metrics', rootRoutes: registerMetrics };
export const health: Feature = { name: 'health', routes: registerHealthRoutes };
