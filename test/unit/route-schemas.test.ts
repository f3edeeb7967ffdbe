/**
 * The route layer on a bare Fastify app (no database): a route's own schemas validate its input
 * and document it, its guards answer before its validation, and domain errors become the API's
 * error answers in one place.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { handleError, httpErrorOf } from '../../server/http/errors';
import { Busy, Conflict, Forbidden, InvalidInput, NotFound, TooManyAttempts, Unauthorized } from '../../server/domain-errors';
import { registerDeclaredAccess, type GuardOf } from '../../server/http/access';
import { ApiRouteCollector } from '../../server/openapi/route-collector';
import { buildOpenApiDocument } from '../../server/openapi/document';
import { errorAnswer, messageAnswer } from '../../server/openapi/answers-public';
import { fieldErrorsValidator, firstProblemValidator, jsonSerializer, type ZodTypeProvider } from '../../server/routes/route-schema';

const body = z.object({
  name: z.string({ error: 'Please enter the name.' }).min(1, 'Please enter the name.'),
  age: z.number({ error: 'Please enter the age.' }),
});

async function appWith(
  register: (api: FastifyInstance) => void,
  guardOf?: GuardOf,
): Promise<{ app: FastifyInstance; routes: ApiRouteCollector }> {
  const app = Fastify();
  app.setErrorHandler(handleError);
  const routes = new ApiRouteCollector(app);
  await app.register(
    async (scope) => {
      scope.setValidatorCompiler(firstProblemValidator);
      scope.setSerializerCompiler(jsonSerializer);
      if (guardOf) await registerDeclaredAccess(scope, guardOf);
      register(scope);
    },
    { prefix: '/api' },
  );
  await app.ready();
  return { app, routes };
}

const post = (app: FastifyInstance, url: string, payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('routes declare their schemas', () => {
  test("the body is validated by the route's schema, and the handler gets its output", async () => {
    const { app } = await appWith((api) => {
      api.withTypeProvider<ZodTypeProvider>().post(
        '/people',
        {
          schema: { summary: 'Add a person', body, response: { 201: messageAnswer } },
        },
        async (request, reply) => reply.status(201).send({ message: `${request.body.name} (${request.body.age})` }),
      );
    });
    expect((await post(app, '/api/people', { name: 'Ada', age: 36 })).json()).toEqual({ message: 'Ada (36)' });
    const invalid = await post(app, '/api/people', { name: '', age: 'old' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({ message: 'Please enter the name.' });
    // No body at all reads as {}: the first field's own message, not a generic one.
    expect((await app.inject({ method: 'POST', url: '/api/people' })).json()).toEqual({ message: 'Please enter the name.' });
  });

  test("a form's scope answers one message per field", async () => {
    const { app } = await appWith((api) => {
      void api.register(async (form) => {
        form.setValidatorCompiler(fieldErrorsValidator);
        form.post('/form', { schema: { body, response: { 200: messageAnswer } } }, async () => ({ message: 'ok' }));
      });
    });
    expect((await post(app, '/api/form', { name: '', age: 'old' })).json()).toEqual({
      message: 'Please correct the highlighted fields.',
      errors: { name: 'Please enter the name.', age: 'Please enter the age.' },
    });
    expect((await post(app, '/api/form', { name: 'Ada' })).json()).toEqual({
      message: 'Please enter the age.',
      errors: { age: 'Please enter the age.' },
    });
  });

  test('guards answer before the input is validated', async () => {
    const guards: GuardOf = (access) => async (request) => {
      if (request.headers.authorization !== 'Bearer ok') throw new Unauthorized('Please sign in.');
      if (access === 'admin') throw new Forbidden('Admins only.');
    };
    const { app } = await appWith((api) => {
      api.post('/staff-only', { config: { access: 'staff' }, schema: { body, response: { 200: messageAnswer } } }, async () => ({
        message: 'ok',
      }));
      api.post('/admin-only', { config: { access: 'admin' }, schema: { body, response: { 200: messageAnswer } } }, async () => ({
        message: 'ok',
      }));
    }, guards);
    expect((await post(app, '/api/staff-only', {})).statusCode).toBe(401);
    expect((await post(app, '/api/staff-only', {}, { authorization: 'Bearer ok' })).statusCode).toBe(400);
    expect((await post(app, '/api/admin-only', {}, { authorization: 'Bearer ok' })).json()).toEqual({ message: 'Admins only.' });
  });

  test('the API description is read from the registered routes: schemas, answers and access', async () => {
    const { routes } = await appWith((api) => {
      api.post(
        '/people/:id',
        {
          config: { access: 'public' },
          schema: {
            summary: 'Change a person',
            params: z.object({ id: z.string() }),
            body,
            response: { 200: messageAnswer, 409: errorAnswer },
          },
        },
        async () => ({ message: 'ok' }),
      );
      api.get(
        '/secrets',
        { config: { access: 'admin' }, schema: { summary: 'Read the secrets', response: { 200: messageAnswer } } },
        async () => ({
          message: 'ok',
        }),
      );
    });
    const operations = routes.operations();
    expect(operations.map((op) => [op.method, op.path, op.access, op.errors])).toEqual([
      ['post', '/people/{id}', 'public', [409]],
      ['get', '/secrets', 'admin', []],
    ]);
    const paths = buildOpenApiDocument(operations).paths as Record<string, Record<string, { responses: object; requestBody?: object }>>;
    expect(Object.keys(paths['/people/{id}']?.post?.responses ?? {})).toEqual(['200', '400', '409', '413', '415', '503', 'default']);
    expect(Object.keys(paths['/secrets']?.get?.responses ?? {})).toEqual(['200', '401', '403', '503', 'default']);
  });
});

describe("domain errors become the API's answers in one place", () => {
  test.each([
    [
      new InvalidInput('Check the form.', { name: 'Please enter the name.' }),
      400,
      { message: 'Check the form.', errors: { name: 'Please enter the name.' } },
      {},
    ],
    [new InvalidInput('Passwords differ.'), 400, { message: 'Passwords differ.' }, {}],
    [new Unauthorized('Sign in again.', { challengeExpired: true }), 401, { message: 'Sign in again.', challengeExpired: true }, {}],
    [new Forbidden('Admins only.'), 403, { message: 'Admins only.' }, {}],
    [new NotFound('No such lead.'), 404, { message: 'No such lead.' }, {}],
    [new Conflict('Changed meanwhile.', { version: 3 }), 409, { message: 'Changed meanwhile.', version: 3 }, {}],
    [new TooManyAttempts('Wait.', 900), 429, { message: 'Wait.' }, { 'Retry-After': '900' }],
    [new Busy('Busy.', 2), 503, { message: 'Busy.' }, { 'Retry-After': '2' }],
  ])('%p', (error, status, answer, headers) => {
    const http = httpErrorOf(error);
    expect([http.statusCode, { ...http.extra, message: http.message }, http.headers]).toEqual([status, answer, headers]);
  });
});
