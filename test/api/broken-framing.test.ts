/**
 * Issue 21, defect 6: requests with broken framing, sent over raw sockets to a real listening
 * server whose log is captured. Each is answered 400 when an answer is still possible and logged
 * once at info or warn with the parser's reason: no error-level line (the rate limiter used to
 * throw a TypeError on a request with no socket left), and no "database unavailable" for a client
 * that hung up in the middle of a chunked sign-in.
 */
import net from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { createLogger } from '../../server/logger';
import { MALFORMED_REQUEST_MESSAGE } from '../../server/http/client-errors';
import { startTestServer, type TestServer } from '../support/server';
import { testDatabaseKinds } from '../support/database';

const START_TIMEOUT_MS = 120_000;

interface LogLine {
  level: number;
  msg: string;
  code?: string;
  reason?: string;
  err?: { message?: string };
}

const HEAD = (path: string, encoding: string) =>
  `POST ${path} HTTP/1.1\r\nHost: college.test\r\nContent-Type: application/json\r\nTransfer-Encoding: ${encoding}\r\n\r\n`;

/** Writes `text`, then ends or resets the connection (or waits), and resolves with all it read. */
function rawExchange(port: number, text: string, then: 'wait' | 'end' | 'reset'): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(text, () => {
        // Give the server time to route the request and start reading its body before hanging up.
        if (then === 'end') setTimeout(() => socket.end(), 200);
        if (then === 'reset') setTimeout(() => socket.resetAndDestroy(), 200);
      });
    });
    const timer = setTimeout(() => socket.destroy(), 5_000);
    socket.on('data', (chunk) => (data += chunk.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(data);
    });
  });
}

describe.each(testDatabaseKinds())('broken HTTP framing (%s)', (kind) => {
  let server: TestServer;
  let app: FastifyInstance;
  let port = 0;
  const lines: LogLine[] = [];

  beforeAll(async () => {
    server = await startTestServer({ kind, listen: false, env: { LEADS_RATE_LIMIT: '1000' } });
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as LogLine);
        done();
      },
    });
    // The real app on a real port, with the log written where the test can read it.
    app = await buildApp(server.ctx, createLogger({ logLevel: 'info' }, true, stream));
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as net.AddressInfo).port;
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await app?.close();
    await server?.close();
  });

  /** Waits until the server has written its line(s) about the request, then returns them. */
  async function logFor(action: () => Promise<string>): Promise<{ answer: string; logged: LogLine[] }> {
    lines.length = 0;
    const answer = await action();
    await new Promise((resolve) => setTimeout(resolve, 300));
    return { answer, logged: [...lines] };
  }

  function expectOneCalmLine(logged: LogLine[], reason: RegExp): void {
    expect(logged.filter((line) => line.level >= 50)).toEqual([]);
    expect(logged.map((line) => line.msg)).not.toContain('database unavailable');
    expect(logged.map((line) => line.msg)).not.toContain('unhandled error');
    expect(logged).toHaveLength(1);
    const [line] = logged;
    expect([30, 40]).toContain(line?.level);
    expect(`${line?.code ?? ''} ${line?.reason ?? ''}`).toMatch(reason);
  }

  test.each([
    ['Transfer-Encoding: xchunked', HEAD('/api/leads', 'xchunked') + '5\r\n{"a":\r\n0\r\n\r\n', /transfer-encoding/i],
    ['a chunk size "zz"', HEAD('/api/leads', 'chunked') + 'zz\r\n{"a":1}\r\n0\r\n\r\n', /chunk size/i],
  ])('%s on POST /api/leads: 400 with a JSON message, one info line with the reason', async (_name, request, reason) => {
    const { answer, logged } = await logFor(() => rawExchange(port, request, 'wait'));
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer.slice(answer.indexOf('\r\n\r\n') + 4)).toBe(JSON.stringify({ message: MALFORMED_REQUEST_MESSAGE }));
    expectOneCalmLine(logged, reason);
  });

  test.each([
    ['closed (FIN)', 'end' as const, /EOF|aborted/i],
    ['reset (RST)', 'reset' as const, /aborted|ECONNRESET|EOF/i],
  ])('a chunked sign-in whose client hangs up mid-body (%s): one info line, not "database unavailable"', async (_name, then, reason) => {
    const request = HEAD('/api/users/signin', 'chunked') + '10\r\n{"email":"a@b.c"';
    const { logged } = await logFor(() => rawExchange(port, request, then));
    expectOneCalmLine(logged, reason);
  });

  test('whole requests whose client resets the connection at once: no error line (the address is kept from the connection)', async () => {
    const { logged } = await logFor(async () => {
      for (const [path, body] of [
        ['/api/users/signin', '{"email":"gone@test.example","password":"not the password 1"}'],
        ['/api/leads', '{"first_name":"Gone"}'],
      ] as const) {
        for (let i = 0; i < 10; i += 1) {
          const request =
            `POST ${path} HTTP/1.1\r\nHost: college.test\r\nContent-Type: application/json\r\n` +
            `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
          await new Promise<void>((resolve) => {
            const socket = net.connect(port, '127.0.0.1', () => socket.write(request, () => socket.resetAndDestroy()));
            socket.on('error', () => undefined);
            socket.on('close', () => resolve());
          });
        }
      }
      // The sign-ins run argon2 after their clients left: let them finish before reading the log.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      return '';
    });
    expect(logged.filter((line) => line.level >= 50)).toEqual([]);
    expect(logged.map((line) => line.msg)).not.toContain('database unavailable');
  });

  test('the server keeps answering afterwards', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
  });
});
