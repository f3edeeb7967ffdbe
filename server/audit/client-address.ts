/**
 * The client address of the request a transaction serves, for entries written deep inside it
 * (the catalogue's stores call recordChange with the transaction client only). Bound to the
 * client object for the length of the work, never shared between requests.
 */
import type pg from 'pg';

const addresses = new WeakMap<pg.PoolClient, string>();

export async function withClientAddress<T>(client: pg.PoolClient, ip: string, work: () => Promise<T>): Promise<T> {
  addresses.set(client, ip);
  try {
    return await work();
  } finally {
    addresses.delete(client);
  }
}

export const clientAddressOf = (client: pg.PoolClient): string | null => addresses.get(client) ?? null;
