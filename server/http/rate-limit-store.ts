/**
 * Where @fastify/rate-limit keeps its counters, so that N instances behind a proxy count as one:
 * Redis when REDIS_URL is set, otherwise the database (the `rate_limit_hits` table, one atomic
 * upsert per hit), which works the same on PostgreSQL and on the embedded database.
 */
import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
  RateLimitPluginOptions,
} from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { Queryable } from '../db/database';

type IncrCallback = Parameters<FastifyRateLimitStore['incr']>[1];

export type HitResult = { current: number; ttl: number };

/**
 * Counts `hits` hits for `key` in a fixed window; a window that has ended starts again at `hits`.
 * Also the counter of leads a staff member reads (server/audit/bulk-reads.ts).
 */
export async function countHits(db: Queryable, key: string, windowMs: number, hits: number): Promise<HitResult> {
  const { rows } = await db.query<{ hits: number; ttl: string }>({
    name: 'count-rate-limit-hits', // parsed and planned once per connection: it runs on every limited request
    text: `INSERT INTO rate_limit_hits AS r (key, hits, window_ends_at)
     VALUES ($1, $3, now() + make_interval(secs => $2::double precision / 1000))
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN r.window_ends_at <= now() THEN $3 ELSE r.hits + $3 END,
       window_ends_at = CASE WHEN r.window_ends_at <= now() THEN EXCLUDED.window_ends_at ELSE r.window_ends_at END
     RETURNING hits, ceil(extract(epoch FROM (window_ends_at - now())) * 1000) AS ttl`,
    values: [key, windowMs, hits],
  });
  const row = rows[0];
  return { current: Number(row?.hits ?? hits), ttl: Math.max(0, Number(row?.ttl ?? windowMs)) };
}

interface Waiter {
  resolve(result: HitResult): void;
  reject(error: unknown): void;
}

/**
 * Hits on one key that arrive while that key's upsert is in flight are counted together by the
 * next one: one address sending many requests at once (the case a rate limit is for) then costs one
 * upsert per round trip instead of one per request, all waiting on the same row lock. The counts
 * stay exact: the n hits of a batch get the n consecutive totals ending at the one stored.
 */
export function hitBatcher(db: () => Queryable): (key: string, windowMs: number) => Promise<HitResult> {
  const waiting = new Map<string, Waiter[]>();
  const inFlight = new Set<string>();

  async function drain(key: string, windowMs: number): Promise<void> {
    inFlight.add(key);
    for (let batch = waiting.get(key); batch?.length; batch = waiting.get(key)) {
      waiting.delete(key);
      try {
        const { current, ttl } = await countHits(db(), key, windowMs, batch.length);
        batch.forEach((waiter, i) => waiter.resolve({ current: current - batch.length + 1 + i, ttl }));
      } catch (error) {
        for (const waiter of batch) waiter.reject(error);
      }
    }
    inFlight.delete(key);
  }

  return (key, windowMs) =>
    new Promise<HitResult>((resolve, reject) => {
      const queue = waiting.get(key) ?? [];
      queue.push({ resolve, reject });
      waiting.set(key, queue);
      if (!inFlight.has(key)) void drain(key, windowMs);
    });
}

/** Removes counters whose window has ended (the housekeeping job calls it). */
export async function purgeExpiredHits(db: Queryable): Promise<number> {
  const result = await db.query('DELETE FROM rate_limit_hits WHERE window_ends_at < now()');
  return result.rowCount ?? 0;
}

/** A store class over the database, for @fastify/rate-limit's `store` option. */
export function databaseRateLimitStore(db: () => Queryable, namespace: string): FastifyRateLimitStoreCtor {
  const count = hitBatcher(db);
  class DatabaseStore implements FastifyRateLimitStore {
    constructor(_options?: FastifyRateLimitOptions) {}

    incr(key: string, callback: IncrCallback, timeWindow: number): void {
      count(`${namespace}:${key}`, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    child(): FastifyRateLimitStore {
      return new DatabaseStore();
    }
  }
  return DatabaseStore;
}

/** The rate-limit options that choose the shared store. */
export function sharedRateLimitStore(
  redis: Redis | null,
  db: () => Queryable,
  namespace: string,
): Pick<RateLimitPluginOptions, 'redis' | 'store' | 'nameSpace'> {
  return redis ? { redis, nameSpace: `college:${namespace}:` } : { store: databaseRateLimitStore(db, namespace) };
}

/** A Redis client for the rate limits, or null; errors are logged, never fatal. */
export function connectRedis(url: string | null, onError: (error: Error) => void): Redis | null {
  if (!url) return null;
  // Commands wait for the connection (offline queue) but fail fast when Redis is down, and the
  // rate limit then lets the request through (skipOnError) rather than refusing every lead.
  const client = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2000 });
  client.on('error', onError);
  return client;
}
