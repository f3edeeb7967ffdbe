/**
 * The sweep of orphaned document files (issue 33): at start and then hourly, files with no row
 * (an upload whose transaction never committed: a crash between the file and the commit), left
 * `.tmp` files and replaced files not yet deleted, once they are an hour old (document-files.ts).
 * Idempotent, so several instances sweeping the same folder do no harm.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { ORPHAN_AGE_MS, removeOrphanFiles } from './document-files';

export function registerOrphanSweep(app: FastifyInstance, ctx: AppContext): void {
  let timer: NodeJS.Timeout | null = null;
  const sweep = async () => {
    try {
      const removed = await removeOrphanFiles(ctx.db.pool, ctx.config.dataDir);
      if (removed > 0) app.log.info({ removed }, 'applications: orphaned document files removed');
    } catch (error) {
      app.log.warn({ err: error }, 'applications: the sweep of orphaned document files failed; it runs again in an hour');
    }
  };
  app.addHook('onReady', async () => {
    void sweep();
    timer = setInterval(() => void sweep(), ORPHAN_AGE_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
