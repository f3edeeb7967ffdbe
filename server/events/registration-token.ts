/**
 * The cancel link's token (`{site}/events/registration?token={token}`): an HMAC of the registration's id
 * under a key derived from the installation's link key (server/consent/link-key.ts: random, stored
 * sealed, re-sealed by a secrets rotation, so links in mailboxes stay valid). The database keeps
 * only its SHA-256 (`token_hash`, migration 027), so a copy of the database opens no link; every
 * mail (confirmation, reminders, promotion) makes the same token again from the id, so one link
 * works from any of them (decisions.md).
 */
import crypto from 'node:crypto';
import type { Queryable } from '../db/database';
import type { SecretBox } from '../secrets/secret-box';
import { loadLinkKey } from '../consent';

/** Per secrets box (one per server; tests run several in one process); a failed load is not kept. */
const keys = new WeakMap<SecretBox, Promise<Buffer>>();

async function registrationKey(db: Queryable, box: SecretBox): Promise<Buffer> {
  let key = keys.get(box);
  if (!key) {
    key = loadLinkKey(db, box).then((linkKey) => crypto.createHmac('sha256', linkKey).update('event-registration-link:v1').digest());
    key.catch(() => keys.delete(box));
    keys.set(box, key);
  }
  return key;
}

export async function registrationToken(db: Queryable, box: SecretBox, registrationId: string): Promise<string> {
  const key = await registrationKey(db, box);
  return crypto.createHmac('sha256', key).update(`registration:${registrationId}`).digest('base64url');
}

export function tokenHash(token: string): string {
  return crypto.createHash('sha256').update(token, 'utf8').digest('hex');
}

/** What a token looks like (43 base64url characters); anything else is not looked up. */
export const isTokenShape = (token: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(token);
