/** The default log: API calls and server errors, not every asset; one line each, tokens redacted. */
import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { createLogger } from '../../server/logger';
import { RequestLogByKind } from '../../server/http/request-log';

async function logOf(level: string): Promise<Array<Record<string, unknown>>> {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const loggerInstance: FastifyBaseLogger = createLogger({ logLevel: level }, true, stream);
  const app = Fastify({ loggerInstance, logController: new RequestLogByKind() });
  app.get('/api/courses', async () => ({ ok: true }));
  app.get('/assets/app.js', async () => 'js');
  app.get('/boom', async () => {
    throw new Error('broken');
  });
  await app.inject('/api/courses?token=abc');
  await app.inject('/assets/app.js');
  await app.inject('/boom');
  await app.close();
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.msg === 'request completed');
}

test('at info: API calls and server errors, one line each; assets are left out', async () => {
  const entries = await logOf('info');
  expect(entries.map((entry) => (entry.req as { url: string }).url)).toEqual(['/api/courses?token=[redacted]', '/boom']);
  expect(entries.map((entry) => (entry.res as { statusCode: number }).statusCode)).toEqual([200, 500]);
  expect(entries.every((entry) => typeof entry.responseTime === 'number')).toBe(true);
});

test('at debug: every request', async () => {
  expect(await logOf('debug')).toHaveLength(3);
});

test("an event registration's cancel token is redacted in the API's path and the page's query", async () => {
  const { redactUrlTokens } = await import('../../server/logger');
  expect(redactUrlTokens('/api/events/registrations/abc.DEF_1/cancel')).toBe('/api/events/registrations/[redacted]/cancel');
  expect(redactUrlTokens('/api/events/registrations/abc.DEF_1')).toBe('/api/events/registrations/[redacted]');
  expect(redactUrlTokens('/events/registration?token=abc.DEF_1')).toBe('/events/registration?token=[redacted]');
  expect(redactUrlTokens('/api/events/12/registrations')).toBe('/api/events/12/registrations');
});
