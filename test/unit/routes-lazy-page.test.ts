import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, loadWithTimeout } from '../../site/lib/lazyPage';

describe('lazy page loading of routed pages (requirements R-chunk-loading)', () => {
  test('the chunk load timeout is 120 seconds', () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  test('a load slower than the timeout fails with a ChunkLoadError', async () => {
    const never = () => new Promise<never>(() => {});
    const started = Date.now();
    await expect(loadWithTimeout(never, 50)).rejects.toBeInstanceOf(ChunkLoadError);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });

  test('a failed load becomes a ChunkLoadError; a good one resolves', async () => {
    await expect(loadWithTimeout(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')))).rejects.toThrow(
      ChunkLoadError,
    );
    await expect(loadWithTimeout(() => Promise.resolve(42))).resolves.toBe(42);
  });
});
