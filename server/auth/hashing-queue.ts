/**
 * Password hashing is deliberately expensive (argon2id, ~20 ms of CPU and 19 MiB each). Without a
 * cap, one client sending sign-ins as fast as it can starves every other request. At most
 * MAX_CONCURRENT_HASHES run at once (one per core of a small server) and at most
 * MAX_WAITING_HASHES wait; beyond that the caller gets HashingBusy, answered 503 with Retry-After.
 */
import pLimit from 'p-limit';
import { Busy } from '../domain-errors';

export const MAX_CONCURRENT_HASHES = 2;
export const MAX_WAITING_HASHES = 16;
export const HASHING_BUSY_MESSAGE = 'We are handling many sign-ins right now. Please try again in a few seconds.';
export const HASHING_RETRY_AFTER_SECONDS = 5;

const limit = pLimit(MAX_CONCURRENT_HASHES);

/** Runs one hashing job within the cap, or throws Busy when the queue is full. */
export function withHashingSlot<T>(job: () => Promise<T>): Promise<T> {
  if (limit.pendingCount >= MAX_WAITING_HASHES) {
    return Promise.reject(new Busy(HASHING_BUSY_MESSAGE, HASHING_RETRY_AFTER_SECONDS));
  }
  return limit(job);
}
