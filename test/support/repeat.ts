/** Runs the repeat-inquiry pass until no lead waits for it (the server's own mail worker may be running it too). */
import { repeatInquiryPass } from '../../server/repeat/repeat-pass';
import type { TestServer } from './server';

export async function settleRepeats(server: TestServer): Promise<void> {
  const pass = repeatInquiryPass(server.db, server.config, server.ctx.catalogue);
  for (let round = 0; round < 200; round += 1) {
    await pass();
    const { rows } = await server.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM leads WHERE repeat_pending');
    if (rows[0]!.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('repeat-inquiry pass did not finish');
}
