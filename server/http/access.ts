/**
 * Access is declared once, on the route: `config: { access }` (server/auth/guards.ts says what each
 * value means). This module reads that declaration for everything that depends on it:
 * - the guard, run before the route's own preValidation hooks (so 401/403 come before 400);
 * - CORS (@fastify/cors): only `public` routes answer other origins, their preflight included;
 * - the API description (server/openapi/route-collector.ts reads `config.access`).
 * A route under /api without `access` is refused when it is registered, so none is forgotten.
 */
import fastifyCors from '@fastify/cors';
import type { FastifyInstance, preValidationAsyncHookHandler, RouteOptions } from 'fastify';
import type { AppContext } from '../context';
import { guardFor, type Access } from '../auth/guards';
import { CORS_OPTIONS, PUBLIC_CORS } from './cors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (server/auth/guards.ts). Required for every route under /api. */
    access?: Access;
    /** @fastify/cors' options for this route; set from `access`, never by hand. */
    cors?: typeof PUBLIC_CORS;
  }
}

/** Where a route is declared without `access`: named in the registration error. */
export class AccessNotDeclared extends Error {
  constructor(route: Pick<RouteOptions, 'method' | 'url'>) {
    super(`${[route.method].flat().join(', ')} ${route.url} declares no access: add config: { access } (server/http/access.ts).`);
  }
}

const withoutTrailingSlash = (url: string) => (url.length > 1 ? url.replace(/\/$/, '') : url);

/** The guard of routes declaring `access`; null when anyone may call them. */
export type GuardOf = (access: Access) => preValidationAsyncHookHandler | null;

/**
 * Guards, CORS and the access check for every route registered in `scope` from here on. Called
 * once, first thing in the /api scope (server/app.ts).
 */
export async function registerAccess(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  await registerDeclaredAccess(scope, (access) => guardFor(ctx, access));
}

/** registerAccess with its guards given (a test's stand-ins, or the real ones). */
export async function registerDeclaredAccess(scope: FastifyInstance, makeGuard: GuardOf): Promise<void> {
  // Other origins get no CORS headers unless the route is public (PUBLIC_CORS, set below).
  await scope.register(fastifyCors, CORS_OPTIONS);
  // One guard per access value, so a route registered twice (its HEAD twin) is guarded once.
  const guards = new Map<Access, preValidationAsyncHookHandler | null>();
  const guardOf = (access: Access) => {
    if (!guards.has(access)) guards.set(access, makeGuard(access));
    return guards.get(access) ?? null;
  };
  const preflightPaths = new Set<string>();

  scope.addHook('onRoute', function declaredAccess(route) {
    // Preflight answers (this module's and @fastify/cors' own) follow the route they precede.
    if ([route.method].flat().includes('OPTIONS')) return;
    const access = route.config?.access;
    if (!access) throw new AccessNotDeclared(route);
    const guard = guardOf(access);
    const own = [route.preValidation ?? []].flat();
    if (guard && !own.includes(guard)) route.preValidation = [guard, ...own];
    if (access !== 'public') return;
    route.config = { ...route.config, cors: PUBLIC_CORS };
    // A browser asks before a cross-origin POST with JSON: the public path answers (in
    // @fastify/cors' onRequest hook, before this handler could run).
    const path = withoutTrailingSlash(route.url);
    if (preflightPaths.has(path)) return;
    preflightPaths.add(path);
    this.route({
      method: 'OPTIONS',
      url: path.slice(route.prefix.length) || '/',
      config: { access: 'public', cors: PUBLIC_CORS },
      handler: (_request, reply) => reply.callNotFound(),
    });
  });
}
