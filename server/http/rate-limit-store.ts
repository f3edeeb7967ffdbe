/**
 * Where @fastify/rate-limit keeps its counters, so that N instances behind a proxy count as one:
 * Redis when REDIS_URL is set, otherwise the database (the `rate_limit_hits` table, one atomic
 * upsert per hit), which works the same on PostgreSQL and on the embedded database.
 */
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor, RateLimitPluginOptions } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { Queryable } from '../db/database';

type IncrCallback = Parameters<FastifyRateLimitStore['incr']>[1];

/** Counts a hit for `key` in a fixed window; a window that has ended starts again at 1. */
export async function countHit(db: Queryable, key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
  const { rows } = await db.query<{ hits: number; ttl: string }>(
    `INSERT INTO rate_limit_hits AS r (key, hits, window_ends_at)
     VALUES ($1, 1, now() + make_interval(secs => $2::double precision / 1000))
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN r.window_ends_at <= now() THEN 1 ELSE r.hits + 1 END,
       window_ends_at = CASE WHEN r.window_ends_at <= now() THEN EXCLUDED.window_ends_at ELSE r.window_ends_at END
     RETURNING hits, ceil(extract(epoch FROM (window_ends_at - now())) * 1000) AS ttl`,
    [key, windowMs],
  );
  const row = rows[0];
  return { current: Number(row?.hits ?? 1), ttl: Math.max(0, Number(row?.ttl ?? windowMs)) };
}

/** Removes counters whose window has ended (the housekeeping job calls it). */
export async function purgeExpiredHits(db: Queryable): Promise<number> {
  const result = await db.query('DELETE FROM rate_limit_hits WHERE window_ends_at < now()');
  return result.rowCount ?? 0;
}

/** A store class over the database, for @fastify/rate-limit's `store` option. */
export function databaseRateLimitStore(db: () => Queryable, namespace: string): FastifyRateLimitStoreCtor {
  class DatabaseStore implements FastifyRateLimitStore {
    constructor(_options?: FastifyRateLimitOptions) {}

    incr(key: string, callback: IncrCallback, timeWindow: number): void {
      countHit(db(), `${namespace}:${key}`, timeWindow).then(
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
