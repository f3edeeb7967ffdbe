/**
 * The key of consent and unsubscribe links (consent-token.ts): 32 random bytes made once per
 * installation and stored sealed with the secrets key (server/secrets/), never in clear. It is its
 * own key, not the secrets key, because a rotation of the secrets key must not break links already
 * in people's mailboxes: a rotation re-seals this key (seal-at-rest.ts calls `resealLinkKey`) and
 * the links stay valid for good.
 */
import crypto from 'node:crypto';
import type { Queryable } from '../db/database';
import type { SecretBox } from '../secrets/secret-box';

export const LINK_KEY_CONTEXT = 'consent-link-key';

/** The installation's link key, made on first use (two instances racing get the same one). */
export async function loadLinkKey(db: Queryable, box: SecretBox): Promise<Buffer> {
  const read = async () => (await db.query<{ sealed_key: string }>('SELECT sealed_key FROM consent_link_key')).rows[0]?.sealed_key;
  let sealed = await read();
  if (sealed === undefined) {
    const fresh = box.seal(crypto.randomBytes(32).toString('base64'), LINK_KEY_CONTEXT);
    await db.query('INSERT INTO consent_link_key (sealed_key) VALUES ($1) ON CONFLICT (id) DO NOTHING', [fresh]);
    sealed = await read();
  }
  if (sealed === undefined) throw new Error('The consent link key could not be stored.');
  return Buffer.from(box.open(sealed, LINK_KEY_CONTEXT), 'base64');
}

/** Seals the link key again under the current secrets key; counts it sealed, or unreadable. */
export async function resealLinkKey(db: Queryable, box: SecretBox): Promise<{ sealed: number; unreadable: number }> {
  const { rows } = await db.query<{ sealed_key: string }>('SELECT sealed_key FROM consent_link_key');
  const sealed = rows[0]?.sealed_key;
  if (sealed === undefined || box.isCurrent(sealed)) return { sealed: 0, unreadable: 0 };
  try {
    const again = box.reseal(sealed, LINK_KEY_CONTEXT);
    const result = await db.query('UPDATE consent_link_key SET sealed_key = $1 WHERE sealed_key = $2', [again, sealed]);
    return { sealed: result.rowCount ?? 0, unreadable: 0 };
  } catch {
    return { sealed: 0, unreadable: 1 };
  }
}
