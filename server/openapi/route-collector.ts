/**
 * The API description's operations, read from the routes as Fastify registers them: each route's
 * own schemas (params, querystring, body, response), its description fields and who may call it
 * (its `config: { access }`, which also drives its guard and CORS: server/http/access.ts). There is no second list of routes: a route under /api is documented by
 * being registered, and test/api/openapi.test.ts checks the document against Fastify's routes.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';
import { errorAnswer } from './answers-public';
import { AccessNotDeclared } from '../http/access';
import { successAnswer, type Access, type ApiOperation, type HttpMethod } from './registry';

const METHODS = new Set<string>(['get', 'post', 'put', 'patch', 'delete']);

const zodOrUndefined = <T extends z.ZodType>(schema: unknown, kind: new (...args: never[]) => T): T | undefined =>
  schema instanceof kind ? schema : undefined;

/** `/api/crm/leads/:id` → `/crm/leads/{id}` */
const documentedPath = (url: string) =>
  url
    .replace(/^\/api/, '')
    .replace(/\/$/, '')
    .replace(/:(\w+)/g, '{$1}');

/** Every route under /api declares its access (server/http/access.ts refuses one that does not). */
function declaredAccess(route: RouteOptions): Access {
  const access = route.config?.access;
  if (!access) throw new AccessNotDeclared(route);
  return access;
}

function operationOf(route: RouteOptions, method: HttpMethod): ApiOperation {
  const schema = route.schema ?? {};
  const answers = Object.entries((schema.response ?? {}) as Record<string, z.ZodType>).map(
    ([status, answer]) => [Number(status), answer] as const,
  );
  const success = answers.find(([status]) => status < 400);
  if (!success) throw new Error(`${method.toUpperCase()} ${route.url} declares no success answer in schema.response.`);
  const failures = answers.filter(([status]) => status >= 400);
  return {
    method,
    path: documentedPath(route.url),
    summary: schema.summary ?? '',
    access: declaredAccess(route),
    query: zodOrUndefined(schema.querystring, z.ZodObject),
    params: zodOrUndefined(schema.params, z.ZodObject),
    body: zodOrUndefined(schema.body, z.ZodType),
    rawBody: schema.rawBody,
    headers: schema.headerParams,
    ok: successAnswer(success[0], success[1]),
    // A second success (201 for a new record, 200 for the one that already existed) is documented too.
    otherAnswers: Object.fromEntries(answers.filter(([status, answer]) => status !== success[0] && answer !== errorAnswer)),
    errors: failures.filter(([, answer]) => answer === errorAnswer).map(([status]) => status),
    fromMemory: schema.fromMemory ?? false,
    example: schema.example,
  };
}

const collectors = new WeakMap<FastifyInstance, ApiRouteCollector>();

/** The documented operations of a built app (the API test documents a part of them to prove its check). */
export function apiOperationsOf(app: FastifyInstance): ApiOperation[] {
  const collector = collectors.get(app);
  if (!collector) throw new Error('This app does not collect its API routes.');
  return collector.operations();
}

/** Collects the routes registered under /api on `app` from now on. */
export class ApiRouteCollector {
  private readonly routes: RouteOptions[] = [];

  constructor(app: FastifyInstance) {
    collectors.set(app, this);
    // The route options object is kept, not copied: it is read when the document is built, after
    // every scope's onRoute hooks have run.
    app.addHook('onRoute', (route) => {
      if (route.url.startsWith('/api/')) this.routes.push(route);
    });
  }

  operations(): ApiOperation[] {
    return this.routes.flatMap((route) =>
      [route.method]
        .flat()
        .map((method) => method.toLowerCase())
        .filter((method): method is HttpMethod => METHODS.has(method))
        .map((method) => operationOf(route, method)),
    );
  }
}
