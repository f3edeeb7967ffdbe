/**
 * Access is declared once, on the route (server/http/access.ts): a route without it is refused
 * when registered, and the same declaration drives the guard, CORS and the API description.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { handleError } from '../../server/http/errors';
import { registerDeclaredAccess, type GuardOf } from '../../server/http/access';
import { Unauthorized } from '../../server/domain-errors';
import { ApiRouteCollector } from '../../server/openapi/route-collector';
import { buildOpenApiDocument } from '../../server/openapi/document';
import { messageAnswer } from '../../server/openapi/answers-public';
import type { Access } from '../../server/auth/guards';
import { firstProblemValidator, jsonSerializer } from '../../server/routes/route-schema';

/** Stand-in guards: anyone but public and site callers needs `Bearer ok`. */
const guards: GuardOf = (access) =>
  access === 'public' || access === 'site'
    ? null
    : async (request) => {
        if (request.headers.authorization !== 'Bearer ok') throw new Unauthorized('Please sign in.');
      };

/** An app whose /api scope has `routes`, each at its path with its declared access. */
async function appWith(routes: Record<string, Access | undefined>): Promise<{ app: FastifyInstance; collector: ApiRouteCollector }> {
  const app = Fastify();
  app.setErrorHandler(handleError);
  const collector = new ApiRouteCollector(app);
  await app.register(
    async (api) => {
      api.setValidatorCompiler(firstProblemValidator);
      api.setSerializerCompiler(jsonSerializer);
      await registerDeclaredAccess(api, guards);
      for (const [url, access] of Object.entries(routes)) {
        api.get(url, { ...(access ? { config: { access } } : {}), schema: { response: { 200: messageAnswer } } }, async () => ({
          message: 'ok',
        }));
      }
    },
    { prefix: '/api' },
  );
  await app.ready();
  return { app, collector };
}

const fromPartner = { origin: 'https://partner.example' };

describe('access is declared once, on the route', () => {
  test('a route registered without access fails at registration', async () => {
    await expect(appWith({ '/forgotten': undefined })).rejects.toThrow('GET /api/forgotten declares no access');
  });

  test('the declaration guards the route', async () => {
    const { app } = await appWith({ '/open': 'public', '/closed': 'staff' });
    expect((await app.inject({ url: '/api/open' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/closed' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/closed', headers: { authorization: 'Bearer ok' } })).statusCode).toBe(200);
    await app.close();
  });

  test('CORS follows the declaration, not the path: a public route answers other origins, a staff route does not', async () => {
    // Paths chosen against the grain: the public one looks like the CRM, the staff one like the catalogue.
    const { app } = await appWith({ '/crm/open': 'public', '/courses/closed': 'staff' });
    const open = await app.inject({ url: '/api/crm/open', headers: fromPartner });
    expect(open.headers['access-control-allow-origin']).toBe('*');
    expect(open.headers.vary).toBeUndefined();
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/crm/open',
      headers: { ...fromPartner, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET, POST, OPTIONS',
      'access-control-allow-headers': 'Content-Type, Idempotency-Key',
      'access-control-max-age': '86400',
    });
    const closed = await app.inject({ url: '/api/courses/closed', headers: { ...fromPartner, authorization: 'Bearer ok' } });
    expect(closed.statusCode).toBe(200);
    expect(closed.headers['access-control-allow-origin']).toBeUndefined();
    const refused = await app.inject({
      method: 'OPTIONS',
      url: '/api/courses/closed',
      headers: { ...fromPartner, 'access-control-request-method': 'GET' },
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    await app.close();
  });

  test('the API description follows the declaration: only staff routes name the session scheme', async () => {
    const { app, collector } = await appWith({
      '/open': 'public',
      '/sign-in': 'site',
      '/mine': 'applicant',
      '/crm': 'staff',
      '/admin': 'admin',
    });
    const paths = buildOpenApiDocument(collector.operations()).paths as Record<string, { get: { security?: unknown; tags: string[] } }>;
    const security = Object.fromEntries(Object.entries(paths).map(([path, { get }]) => [path, [get.tags[0], get.security ?? null]]));
    expect(security).toEqual({
      '/open': ['public', null],
      '/sign-in': ['public', null],
      '/mine': ['public', null],
      '/crm': ['staff', [{ bearer: [] }]],
      '/admin': ['staff', [{ bearer: [] }]],
    });
    await app.close();
  });
});
