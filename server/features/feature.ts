/**
 * What a feature hands to server/app.ts: its name and its routes. app.ts lists the features and
 * registers them in that order (the order is the OpenAPI document's order, test/api/openapi.test.ts),
 * so adding a feature is one object beside its code and one line in that list.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import type { ApiInstance } from '../routes/route-schema';

export interface Feature {
  /** A concern's name, e.g. 'events' (used in logs and docs, never on the wire). */
  name: string;
  /** Routes under /api, in the `/api` scope: zod-typed, access declared, documented. */
  routes?(api: ApiInstance, ctx: AppContext): void;
  /** Routes outside /api (pages, media, metrics), registered after the /api scope and before the site. */
  rootRoutes?(app: FastifyInstance, ctx: AppContext): void;
}
