/**
 * Coalesced wake-ups: many "work is waiting" signals in a short window become one job. Under a
 * burst (a thousand leads a second), one job insert per window, not per signal, so the wake-up
 * costs the database nothing that grows with the burst. A lost wake-up (a crash right after the
 * work's commit) is caught by the queue's minute schedule.
 */
import { setTimeout as sleep } from 'node:timers/promises';

export interface KickerOptions {
  /** Sends the wake-up job (with a singleton key, so one waits at a time); errors are the caller's to log. */
  send(startAfter: Date): Promise<unknown>;
  /** Waits for the queue to be ready before the first send. */
  ready(): Promise<unknown>;
  /** Whether kicks are taken at all (false before start and after stop). */
  active(): boolean;
  onError(error: unknown): void;
  /** Kicks closer together than this send one job. */
  windowMs: number;
  /** A kicked job starts no sooner: by then the kicking request has usually finished its own work. */
  delayMs: number;
}

/** Returns kick(): at once, then at most one job per window while kicks keep coming. */
export function createKicker(options: KickerOptions): () => void {
  let requested = false;
  let kicking = false;

  async function sendKicks(): Promise<void> {
    kicking = true;
    try {
      while (requested && options.active()) {
        requested = false;
        await options.ready();
        await options.send(new Date(Date.now() + options.delayMs)).catch(options.onError);
        await sleep(options.windowMs, undefined, { ref: false });
      }
    } finally {
      kicking = false;
    }
  }

  return () => {
    if (!options.active()) return;
    requested = true;
    if (!kicking) void sendKicks().catch(options.onError);
  };
}
