/**
 * Live catalogue everywhere. A committed change reloads this process's in-memory catalogue at once
 * and, from inside its transaction, `NOTIFY catalogue_changed` (delivered on commit only). Every
 * instance on a PostgreSQL server LISTENs on a dedicated connection and reloads; bursts of
 * notifications are coalesced into one reload. The payload names the schema (test schemas share a
 * server) and the sending instance (which has already reloaded). A dropped connection is retried
 * with backoff, then the catalogue is reloaded once (notifications may have been missed meanwhile);
 * nothing here can crash the process. With PGlite there is one process: it reloads itself.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import type { Queryable } from '../db/database';
import type { Catalogue } from './catalogue';

export const CATALOGUE_CHANNEL = 'catalogue_changed';
/** Each server's name in notifications (tests run several servers in one process). */
const instanceIds = new WeakMap<Catalogue, string>();
function instanceIdOf(catalogue: Catalogue): string {
  let id = instanceIds.get(catalogue);
  if (!id) {
    id = crypto.randomBytes(6).toString('hex');
    instanceIds.set(catalogue, id);
  }
  return id;
}
/** A burst (a script saving many items) causes one reload after it calms down this long. */
const COALESCE_MS = 50;
const MAX_BACKOFF_MS = 30_000;

/** Inside the change's transaction: other instances hear of it when (and only if) it commits. */
export async function notifyCatalogueChanged(client: Queryable, catalogue: Catalogue): Promise<void> {
  await client.query(`SELECT pg_notify($1, current_schema() || ' ' || $2)`, [CATALOGUE_CHANNEL, instanceIdOf(catalogue)]);
}

export interface LiveRefreshOptions {
  /** A new connection to the same database and schema as the pool (null: PGlite, nothing to listen to). */
  connect: () => pg.Client | null;
  catalogue: Catalogue;
  log: { info(message: string): void; warn(message: string): void };
}

export interface LiveRefresh {
  stop(): Promise<void>;
}

export function startLiveRefresh(options: LiveRefreshOptions): LiveRefresh {
  const { connect, catalogue, log } = options;
  const probe = connect();
  if (!probe) return { stop: async () => undefined };
  let pending: pg.Client | null = probe;
  let stopped = false;
  let client: pg.Client | null = null;
  let schema = '';
  let timer: NodeJS.Timeout | null = null;
  let retry: NodeJS.Timeout | null = null;
  let failures = 0;

  const reloadSoon = () => {
    if (timer || stopped) return;
    timer = setTimeout(() => {
      timer = null;
      catalogue.reload().catch((error: unknown) => log.warn(`catalogue reload after a change failed: ${(error as Error).message}`));
    }, COALESCE_MS);
  };

  const reconnectLater = () => {
    if (stopped || retry) return;
    const delay = Math.min(MAX_BACKOFF_MS, 500 * 2 ** Math.min(failures, 6));
    failures += 1;
    retry = setTimeout(() => {
      retry = null;
      void listen(true);
    }, delay);
  };

  const listen = async (afterDrop: boolean): Promise<void> => {
    const next = pending ?? connect();
    pending = null;
    if (!next) return;
    client = next;
    next.on('error', (error) => {
      log.warn(`catalogue listener: ${error.message}; reconnecting`);
      next.end().catch(() => undefined);
      if (client === next) reconnectLater();
    });
    next.on('notification', (message) => {
      const [fromSchema, fromInstance] = (message.payload ?? '').split(' ');
      if (message.channel === CATALOGUE_CHANNEL && fromSchema === schema && fromInstance !== instanceIdOf(catalogue)) reloadSoon();
    });
    try {
      await next.connect();
      schema = (await next.query<{ schema: string }>('SELECT current_schema() AS schema')).rows[0]?.schema ?? '';
      await next.query(`LISTEN ${CATALOGUE_CHANNEL}`);
      failures = 0;
      if (afterDrop) {
        log.info('catalogue listener reconnected; reloading the catalogue once');
        reloadSoon();
      }
    } catch (error) {
      log.warn(`catalogue listener could not connect: ${(error as Error).message}`);
      next.end().catch(() => undefined);
      if (client === next) reconnectLater();
    }
  };
  void listen(false);

  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (retry) clearTimeout(retry);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
