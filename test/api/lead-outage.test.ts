/**
 * The database outage test (real PostgreSQL, when TEST_DATABASE_URL is set): the server's pool
 * goes through a TCP proxy that the test cuts while leads are being posted over HTTP. Every
 * acknowledged lead must be in the table exactly once after the line comes back, no answer may
 * be a 5xx, and the process must stay up.
 */
import fs from 'node:fs';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/database';
import { startServer, type RunningServer } from '../../server/server';
import { leadSpoolDir } from '../../server/leads/spool';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../support/database';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy';
import { validLead } from '../support/lead-fixtures';

/** Starting a server (clone, migrate, seed, first admin) can take long on a busy 2-core machine. */
const START_TIMEOUT_MS = 120_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// PGlite runs in-process: there is no wire to cut. The spool itself is covered on both databases
// by lead-outage-spool.test.ts.
const kinds = testDatabaseKinds().filter((kind) => kind === 'postgres');

if (kinds.length > 0) {
  describe.each(kinds)('leads survive a database outage (%s through a TCP proxy)', () => {
    let direct: TestDatabase;
    let proxy: TcpProxy;
    let server: RunningServer;
    let dataDir: string;

    beforeAll(async () => {
      direct = await createTestDatabase('postgres');
      proxy = await startTcpProxy();
      const proxied = await openDatabase({
        databaseUrl: proxy.proxiedUrl(direct.url as string),
        schema: direct.schema as string,
        onError: () => undefined,
      });
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'college-outage-'));
      const config = loadConfig({
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        LEADS_RATE_LIMIT: '100000',
        ADMIN_EMAIL: 'admin@test.example',
        ADMIN_PASSWORD: 'correct horse battery staple',
        DIST_DIR: path.resolve('dist'),
        SECRETS_KEY: 'a'.repeat(64),
      });
      server = await startServer(config, { db: proxied, logger: false });
    }, START_TIMEOUT_MS);
    afterAll(async () => {
      await server.close();
      await proxy.close();
      await direct.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    test('a connection lost in the middle of a transaction fails that transaction, not the process', async () => {
      const work = server.ctx.db.transaction(async (client) => {
        await client.query('SELECT 1');
        proxy.pause(); // cuts the connection this transaction holds
        await sleep(300);
        await client.query('SELECT 2');
      });
      await expect(work).rejects.toThrow();
      proxy.resume();
      const { rows } = await server.ctx.db.transaction((client) => client.query<{ ok: number }>('SELECT 1 AS ok'));
      expect(rows).toEqual([{ ok: 1 }]);
    });

    test('every acknowledged lead is stored exactly once; no 5xx; the server stays up', async () => {
      const acknowledged = new Set<string>();
      const statuses: number[] = [];
      let sequence = 0;
      let stop = false;

      // Five clients post continuously; every third post repeats the previous key (a double submit).
      const client = async (clientId: number) => {
        let previousKey: string | null = null;
        while (!stop) {
          sequence += 1;
          const key: string = previousKey && sequence % 3 === 0 ? previousKey : `outage-${clientId}-${sequence}`;
          previousKey = key;
          const res = await fetch(`${server.url}/api/leads`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'idempotency-key': key },
            body: JSON.stringify(validLead({ email: `${key}@example.com` })),
          });
          statuses.push(res.status);
          const body = (await res.json()) as { status: string };
          if (res.status === 201 && body.status === 'success') acknowledged.add(key);
          await sleep(10);
        }
      };
      const clients = Promise.all([1, 2, 3, 4, 5].map(client));
      const spoolDir = leadSpoolDir(server.ctx.config.dataDir);
      const pending = () => (fs.existsSync(spoolDir) ? fs.readdirSync(spoolDir).filter((f) => f.endsWith('.json')) : []);

      await sleep(700);
      const beforeCut = statuses.length;
      proxy.pause();
      await sleep(2500);
      const duringCut = statuses.length - beforeCut;
      const spooledDuringCut = pending().length;
      proxy.resume();
      await sleep(700);
      stop = true;
      await clients;

      expect(duringCut).toBeGreaterThan(10); // the server kept answering while the wire was cut
      expect(spooledDuringCut).toBeGreaterThan(0); // ... by spooling, since the database was unreachable
      expect(statuses.filter((status) => status >= 500)).toEqual([]);
      expect(new Set(statuses)).toEqual(new Set([201]));

      // The spool replays every few seconds; wait until it is empty.
      const deadline = Date.now() + 20_000;
      while (pending().length > 0 && Date.now() < deadline) await sleep(200);
      expect(pending()).toEqual([]);

      const { rows } = await direct.pool.query<{ idempotency_key: string; n: string }>(
        "SELECT idempotency_key, count(*) AS n FROM leads WHERE idempotency_key LIKE 'outage-%' GROUP BY idempotency_key",
      );
      const stored = new Map(rows.map((row) => [row.idempotency_key, Number(row.n)]));
      const missing = [...acknowledged].filter((key) => !stored.has(key));
      expect(missing).toEqual([]);
      expect(rows.filter((row) => Number(row.n) !== 1)).toEqual([]);
      expect(stored.size).toBe(acknowledged.size);

      const health = await fetch(`${server.url}/api/health`);
      expect(health.status).toBe(200);
    }, 90_000);
  });
}

/** The proxy the outage test relies on, checked against a local echo server (runs everywhere). */
describe('TCP proxy for outage tests', () => {
  let echo: net.Server;
  let proxy: TcpProxy;
  beforeAll(async () => {
    echo = net.createServer((socket) => {
      socket.on('error', () => undefined);
      socket.pipe(socket);
    });
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    proxy = await startTcpProxy({ host: '127.0.0.1', port: (echo.address() as AddressInfo).port });
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await proxy.close();
    await new Promise<void>((resolve) => echo.close(() => resolve()));
  });

  /** Connects through the proxy, sends a line; resolves with the echo or the way the line ended. */
  const roundTrip = () =>
    new Promise<string>((resolve) => {
      const socket = net.connect(proxy.port, '127.0.0.1', () => socket.write('ping'));
      socket.once('data', (data) => {
        socket.destroy();
        resolve(data.toString());
      });
      socket.once('error', () => resolve('error'));
      socket.once('close', () => resolve('closed'));
    });

  test('pipes, cuts open connections and refuses new ones while paused, and resumes', async () => {
    expect(await roundTrip()).toBe('ping');

    const open = net.connect(proxy.port, '127.0.0.1');
    const ended = new Promise<void>((resolve) => open.once('close', () => resolve()));
    open.on('error', () => undefined);
    await new Promise<void>((resolve) => open.once('connect', () => resolve()));
    await sleep(50);
    proxy.pause();
    await ended; // the open connection was cut

    expect(['error', 'closed']).toContain(await roundTrip());
    proxy.resume();
    expect(await roundTrip()).toBe('ping');
  });
});
