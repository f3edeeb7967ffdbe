/**
 * A property test over every JSON endpoint, public and staff (signed in and not): whatever body,
 * query string or path segment arrives — NUL characters, lone surrogates, huge numbers, deep
 * nesting, prototype keys, wrong types — the answer is a 2xx/3xx/4xx JSON document with a
 * `message` on errors: never a 5xx, never a stack trace. Bounded runs keep it under ~30 s in CI.
 */
import fc from 'fast-check';
import { startTestServer, type TestServer } from '../support/server';
import { testDatabaseKinds } from '../support/database';
import { staffToken } from '../support/lead-fixtures';
import { invalidUnicodeMessage } from '../../server/http/unstorable-text';

const START_TIMEOUT_MS = 120_000;
const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const ENDPOINTS: Array<{ method: Method; path: string; staff?: boolean }> = [
  { method: 'POST', path: '/api/leads' },
  { method: 'POST', path: '/api/users/signin' },
  { method: 'POST', path: '/api/users/reset-password' },
  { method: 'POST', path: '/api/users/reset-password/{a}/{b}' },
  { method: 'POST', path: '/api/users/signin/two-factor' },
  { method: 'POST', path: '/api/users/signout', staff: true },
  { method: 'GET', path: '/api/users/two-factor', staff: true },
  { method: 'POST', path: '/api/users/two-factor/setup', staff: true },
  { method: 'POST', path: '/api/users/two-factor/confirm', staff: true },
  { method: 'POST', path: '/api/users/two-factor/disable', staff: true },
  { method: 'POST', path: '/api/users/two-factor/recovery-codes', staff: true },
  { method: 'PUT', path: '/api/users/two-factor/policy', staff: true },
  { method: 'GET', path: '/api/users/me', staff: true },
  { method: 'GET', path: '/api/search' },
  { method: 'GET', path: '/api/courses' },
  { method: 'GET', path: '/api/courses/names-website' },
  { method: 'GET', path: '/api/courses/search' },
  { method: 'GET', path: '/api/courses/details/{a}' },
  { method: 'GET', path: '/api/categories/{a}/{b}' },
  { method: 'GET', path: '/api/intakes' },
  { method: 'GET', path: '/api/announcements' },
  { method: 'GET', path: '/api/crm/leads', staff: true },
  { method: 'GET', path: '/api/crm/leads/{a}', staff: true },
  { method: 'PATCH', path: '/api/crm/leads/{a}', staff: true },
  { method: 'GET', path: '/api/crm/dashboard', staff: true },
  { method: 'GET', path: '/api/crm/dashboard/charts', staff: true },
  { method: 'GET', path: '/api/crm/leads.csv', staff: true },
  { method: 'GET', path: '/api/crm/leads/{a}/timeline', staff: true },
  { method: 'POST', path: '/api/crm/leads/{a}/notes', staff: true },
  { method: 'POST', path: '/api/crm/leads/{a}/activities', staff: true },
  { method: 'GET', path: '/api/crm/activities', staff: true },
  { method: 'PATCH', path: '/api/crm/activities/{a}', staff: true },
  { method: 'GET', path: '/api/crm/staff', staff: true },
  { method: 'POST', path: '/api/crm/staff', staff: true },
  { method: 'PATCH', path: '/api/crm/staff/{a}', staff: true },
  { method: 'GET', path: '/api/users/account', staff: true },
  { method: 'POST', path: '/api/users/account/password', staff: true },
  { method: 'GET', path: '/api/crm/catalogue/courses', staff: true },
  { method: 'GET', path: '/api/crm/catalogue/courses/{a}', staff: true },
  { method: 'POST', path: '/api/crm/catalogue/courses', staff: true },
  { method: 'PUT', path: '/api/crm/catalogue/courses/{a}', staff: true },
  { method: 'GET', path: '/api/crm/catalogue/categories', staff: true },
  { method: 'POST', path: '/api/crm/catalogue/categories', staff: true },
  { method: 'PUT', path: '/api/crm/catalogue/categories/{a}', staff: true },
  { method: 'GET', path: '/api/crm/catalogue/courses/{a}/intakes', staff: true },
  { method: 'POST', path: '/api/crm/catalogue/courses/{a}/intakes', staff: true },
  { method: 'PUT', path: '/api/crm/catalogue/intakes/{a}', staff: true },
  { method: 'DELETE', path: '/api/crm/catalogue/intakes/{a}', staff: true },
  { method: 'GET', path: '/api/crm/catalogue/announcements', staff: true },
  { method: 'POST', path: '/api/crm/catalogue/announcements', staff: true },
  { method: 'PUT', path: '/api/crm/catalogue/announcements/{a}', staff: true },
  { method: 'DELETE', path: '/api/crm/catalogue/announcements/{a}', staff: true },
  { method: 'GET', path: '/api/crm/catalogue/banner-offers', staff: true },
  { method: 'POST', path: '/api/crm/catalogue/banner-offers', staff: true },
  { method: 'PUT', path: '/api/crm/catalogue/banner-offers/{a}', staff: true },
  { method: 'DELETE', path: '/api/crm/catalogue/banner-offers/{a}', staff: true },
  { method: 'GET', path: '/api/crm/catalogue/professors', staff: true },
  { method: 'POST', path: '/api/crm/catalogue/professors', staff: true },
  { method: 'PUT', path: '/api/crm/catalogue/professors/{a}', staff: true },
  { method: 'DELETE', path: '/api/crm/catalogue/professors/{a}', staff: true },
  { method: 'GET', path: '/api/crm/catalogue/changes', staff: true },
  { method: 'PUT', path: '/api/crm/catalogue/professors/{a}/photo', staff: true },
  { method: 'DELETE', path: '/api/crm/catalogue/professors/{a}/photo', staff: true },
];

/** Text with the characters that broke things before: NUL, lone surrogates, control and RTL marks. */
const nastyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('\u0000', 'a\u0000b', '\ud800', '\udfff', '\u202e', '%00', '../../etc/passwd', "' OR 1=1 --", '1e309', '__proto__'),
  fc.string({ maxLength: 20 }),
);
const key = fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', 'first_name', 'email', 'password', 'stage', 'q'), nastyText);
const nastyValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    nastyText,
    fc.double(),
    fc.bigInt().map(String),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(key, tie('value'), { maxKeys: 6 }),
  ),
})).value;
const body = fc.oneof(nastyValue, fc.dictionary(key, nastyValue, { maxKeys: 12 }), nastyText);
/**
 * Percent-encodes every UTF-8 byte. encodeURIComponent throws on lone surrogates, which are part
 * of the point; Buffer turns them into U+FFFD instead, and raw invalid bytes come from RAW_ESCAPES.
 */
const percentEncode = (text: string) => [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
/** Escapes no UTF-8 decoder accepts: overlong, lone continuation, a truncated sequence. */
const RAW_ESCAPES = ['%C0%AF', '%FF', '%80', '%E2%82', '%00', '%'];
const encoded = fc.oneof({ weight: 4, arbitrary: nastyText.map(percentEncode) }, { weight: 1, arbitrary: fc.constantFrom(...RAW_ESCAPES) });
const segment = encoded.map((text) => text || 'x');
const query = fc
  .array(fc.tuple(key.map(percentEncode), encoded), { maxLength: 4 })
  .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&'));

describe.each(testDatabaseKinds())('fuzzing every JSON endpoint (%s)', (kind) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    // No rate limit in the way of the property: every request must reach the handlers.
    server = await startTestServer({ kind, listen: false, env: { LEADS_RATE_LIMIT: '1000000' } });
    token = await staffToken(server);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await server.close();
  });

  test('only 2xx-4xx JSON answers, errors with a message, never a stack', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ENDPOINTS),
        segment,
        segment,
        query,
        body,
        fc.boolean(),
        fc.boolean(),
        async (endpoint, a, b, search, payload, signedIn, rawText) => {
          const url = `${endpoint.path.replace('{a}', a).replace('{b}', b)}${search ? `?${search}` : ''}`;
          const headers: Record<string, string> = { 'content-type': 'application/json' };
          if (endpoint.staff && signedIn) headers.authorization = `Bearer ${token}`;
          const res = await server.app.inject({
            method: endpoint.method,
            url,
            headers,
            ...(endpoint.method === 'GET' || endpoint.method === 'DELETE'
              ? {}
              : { payload: rawText && typeof payload === 'string' ? payload : JSON.stringify(payload) }),
          });
          expect(res.statusCode).toBeGreaterThanOrEqual(200);
          expect(res.statusCode).toBeLessThan(500);
          // A stack trace: a "stack" field, or "at fn (file.ts:12:3)" frames, or our own paths.
          const leaked = /"stack"\s*:|\bat \S+ \(\S+:\d+:\d+\)|node_modules\/|\/server\/\w+\.ts/.test(res.body);
          expect(leaked).toBe(false);
          if (res.statusCode >= 400) {
            expect(res.headers['content-type']).toMatch(/^application\/json/);
            expect(typeof res.json().message).toBe('string');
          }
        },
      ),
      { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31) },
    );
  }, 120_000);

  test('text that is not valid Unicode anywhere in a body: 400 naming that field, on every endpoint that takes one', async () => {
    // Endpoints that read a JSON body (the photo upload takes image bytes instead).
    const withBody = ENDPOINTS.filter((e) => e.method !== 'GET' && !e.path.endsWith('/photo'));
    const loneSurrogate = fc
      .constantFrom('\ud800', '\udfff', '\udbff', '\udc00')
      .chain((lone) =>
        fc.tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 })).map(([before, after]) => `${before}${lone}${after}`),
      );
    // Not "__proto__": assigning it sets the object's prototype rather than a field, so the body sent
    // would hold no such field (a real "__proto__" key in a body is refused by Fastify's JSON parser).
    const fieldName = fc.stringMatching(/^[a-z_]{1,12}$/).filter((name) => name !== '__proto__');
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...withBody),
        fc.dictionary(fieldName, fc.string({ maxLength: 20 }), { maxKeys: 5 }),
        fieldName,
        loneSurrogate,
        fc.boolean(),
        fc.boolean(),
        async (endpoint, clean, field, text, nested, signedIn) => {
          const payload: Record<string, unknown> = { ...clean };
          // In a field of the body, or of an object inside it.
          if (nested) payload.outer = { [field]: text };
          else payload[field] = text;
          const path = nested ? `outer.${field}` : field;
          const headers: Record<string, string> = { 'content-type': 'application/json' };
          if (endpoint.staff && signedIn) headers.authorization = `Bearer ${token}`;
          const url = endpoint.path.replace('{a}', '0123456789abcdef01234567').replace('{b}', 'x');
          // JSON.stringify writes a lone surrogate as the escape "\ud800", which JSON.parse turns back into one.
          const res = await server.app.inject({ method: endpoint.method, url, headers, payload: JSON.stringify(payload) });
          expect(res.statusCode).toBe(400);
          expect(res.json()).toMatchObject({ message: invalidUnicodeMessage(path), errors: { [path]: invalidUnicodeMessage(path) } });
        },
      ),
      { numRuns: Math.min(RUNS, 300), seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31) },
    );
  }, 120_000);
});
