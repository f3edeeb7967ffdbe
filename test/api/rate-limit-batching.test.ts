import type { Queryable } from '../../server/db/database';
import { hitBatcher } from '../../server/http/rate-limit-store';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../support/database';

/** Opening a database takes seconds, and much longer while other suites load the machine. */
const START_TIMEOUT_MS = 120_000;

describe.each(testDatabaseKinds())('rate-limit counters in the database (%s)', (kind) => {
  let db: TestDatabase;
  let queries = 0;
  const counted: Queryable = {
    query: ((...args: Parameters<Queryable['query']>) => {
      queries += 1;
      return db.pool.query(...args);
    }) as Queryable['query'],
  };
  beforeAll(async () => {
    db = await createTestDatabase(kind);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await db?.close();
  });

  test('a burst on one key is counted exactly, with fewer upserts than hits', async () => {
    const count = hitBatcher(() => counted);
    queries = 0;
    const results = await Promise.all(Array.from({ length: 40 }, () => count('burst:203.0.113.9', 60_000)));
    expect(results.map((r) => r.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(results.every((r) => r.ttl > 0 && r.ttl <= 60_000)).toBe(true);
    expect(queries).toBeLessThan(40);
    const { rows } = await db.pool.query<{ hits: number }>("SELECT hits FROM rate_limit_hits WHERE key = 'burst:203.0.113.9'");
    expect(rows[0]?.hits).toBe(40);
    // Later hits go on from the stored count; other keys have their own.
    expect((await count('burst:203.0.113.9', 60_000)).current).toBe(41);
    expect((await count('burst:198.51.100.1', 60_000)).current).toBe(1);
  });

  test('a batch that follows an ended window starts again from its own hits', async () => {
    await db.pool.query(
      "INSERT INTO rate_limit_hits (key, hits, window_ends_at) VALUES ('ended:203.0.113.9', 99, now() - interval '1 second')",
    );
    const count = hitBatcher(() => counted);
    const results = await Promise.all(Array.from({ length: 5 }, () => count('ended:203.0.113.9', 60_000)));
    expect(results.map((r) => r.current).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
  });

  test('a failed upsert fails every hit of its batch, and the next hits are counted again', async () => {
    let fail = true;
    const flaky: Queryable = {
      query: ((...args: Parameters<Queryable['query']>) =>
        fail ? Promise.reject(new Error('connection lost')) : db.pool.query(...args)) as Queryable['query'],
    };
    const count = hitBatcher(() => flaky);
    const outcomes = await Promise.allSettled(Array.from({ length: 3 }, () => count('flaky:203.0.113.9', 60_000)));
    expect(outcomes.every((o) => o.status === 'rejected')).toBe(true);
    fail = false;
    expect((await count('flaky:203.0.113.9', 60_000)).current).toBe(1);
  });
});
