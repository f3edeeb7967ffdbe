/**
 * Takes turns between the embedded database and the rest of the process.
 *
 * PGlite runs in this thread, and its node-postgres adapter chains every protocol message on
 * promises: while queries are queued, one query's completion starts the next inside the same
 * microtask drain, so the event loop neither reads new requests nor flushes finished responses
 * (Node sends them on a later tick) until the whole queue is through. Under 50 concurrent leads
 * those drains grew to a second, and 4 % of answers took 0.3-1.5 s while the median was 50 ms.
 * Here, a message that would extend a drain past SLICE_MS first waits for the next turn of the
 * event loop, so answers go out and new requests are read at least that often.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { PGlite } from '@electric-sql/pglite';

/** Longest stretch of database work before the event loop gets a turn. */
export const SLICE_MS = 5;

export function takeTurns(pglite: PGlite): void {
  const execute = pglite.execProtocolStream.bind(pglite);
  let sliceStarted = performance.now();
  pglite.execProtocolStream = async (...args: Parameters<PGlite['execProtocolStream']>) => {
    if (performance.now() - sliceStarted > SLICE_MS) {
      await nextTurn();
      sliceStarted = performance.now();
    }
    return execute(...args);
  };
}
