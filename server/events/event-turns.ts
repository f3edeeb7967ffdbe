/**
 * At most a few registrations of one event hold a database connection at a time in this process.
 * Registrations of one event take turns at the event row's lock anyway (register.ts); without
 * this, a burst (200 at once) would fill the pool with connections that only wait for that lock,
 * and requests beyond the pool's connect timeout (3 s) would fail while the queue drains. Waiting
 * here costs nothing but memory. A few in flight, not one: the next registrations do their work
 * before the lock (lead, mails) while one holds it. Other instances still meet at the row lock.
 */
import pLimit, { type LimitFunction } from 'p-limit';

/** Of the pool's 10 connections, the rest stay free for everything else. */
export const TURNS_PER_EVENT = 8;

const limits = new Map<string, LimitFunction>();

export async function inEventTurn<T>(eventId: string, work: () => Promise<T>): Promise<T> {
  let limit = limits.get(eventId);
  if (!limit) {
    limit = pLimit(TURNS_PER_EVENT);
    limits.set(eventId, limit);
  }
  try {
    return await limit(work);
  } finally {
    // Forgotten when idle, so the map holds only events being registered for right now.
    if (limit.activeCount === 0 && limit.pendingCount === 0) limits.delete(eventId);
  }
}
