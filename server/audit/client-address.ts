/**
 * The client address of the request a transaction serves, for entries written deep inside it
 * (the catalogue's stores call recordChange with the transaction client only). Bound to the
 * client object for the length of the work, never shared between requests.
 */
import type { Queryable } from '../db/database';

const addresses = new WeakMap<Queryable, string>();

export async function withClientAddress<T>(client: Queryable, ip: string, work: () => Promise<T>): Promise<T> {
  addresses.set(client, ip);
  try {
    return await work();
  } finally {
    addresses.delete(client);
  }
}

export const clientAddressOf = (client: Queryable): string | null => addresses.get(client) ?? null;
