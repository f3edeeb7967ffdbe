/**
 * One pass over the replies mailbox: connect (imapflow), read every message after the stored read
 * position (imap_cursors) in UID order, store each (store-reply.ts; one transaction per message,
 * which also moves the position), then mark it \Seen for staff who read the mailbox too. A pass cut
 * off by an outage keeps what it committed and the next pass goes on from there; \Seen is only a
 * courtesy and never decides what is read. Nothing here logs the password (imapflow's own logger is off).
 */
import crypto from 'node:crypto';
import { ImapFlow } from 'imapflow';
import type { Database, Queryable } from '../db/database';
import type { AttachServices } from './attach-reply';
import type { ImapSettings } from './imap-settings';
import { withoutPassword } from './imap-settings';
import { parseReplySafely } from './parse-reply';
import { storeReply, type StoreOutcome } from './store-reply';

/** Messages read per pass; the job comes back at once for the rest (a first pass over a full mailbox). */
export const BATCH_SIZE = 100;
/** A message larger than this is not downloaded: its headers are stored with a line saying so. */
export const MAX_SOURCE_BYTES = 40 * 1024 * 1024;

export interface PollDeps {
  db: Database;
  services: AttachServices;
  settings: ImapSettings;
}

export interface PollResult {
  counts: Record<StoreOutcome, number>;
  /** More messages wait beyond this pass's batch. */
  more: boolean;
}

async function readPosition(db: Queryable, mailbox: string, uidValidity: string): Promise<number> {
  // A new UIDVALIDITY renumbers the mailbox: read it again from the start (the hash of each
  // message's bytes keeps what was already stored from being stored twice).
  const { rows } = await db.query<{ last_uid: string }>(
    `INSERT INTO imap_cursors (mailbox, uid_validity, last_uid) VALUES ($1, $2, 0)
     ON CONFLICT (mailbox) DO UPDATE SET
       last_uid = CASE WHEN imap_cursors.uid_validity = EXCLUDED.uid_validity THEN imap_cursors.last_uid ELSE 0 END,
       uid_validity = EXCLUDED.uid_validity
     RETURNING last_uid`,
    [mailbox, uidValidity],
  );
  return Number(rows[0]?.last_uid ?? 0);
}

async function recordPoll(db: Queryable, mailbox: string, error: string | null): Promise<void> {
  // uid_validity 0 for a mailbox never opened: the first real one resets the (still empty) position.
  await db.query(
    `INSERT INTO imap_cursors (mailbox, uid_validity, last_uid, polled_at, last_error) VALUES ($1, 0, 0, now(), $2)
     ON CONFLICT (mailbox) DO UPDATE SET polled_at = now(), last_error = EXCLUDED.last_error`,
    [mailbox, error],
  );
}

function tooLarge(headers: Buffer | undefined, size: number): Buffer {
  const note = `[This message (${Math.round(size / 1024 / 1024)} MB) was too large to read in the CRM. Open it in the mailbox.]`;
  return Buffer.concat([headers ?? Buffer.alloc(0), Buffer.from(`\r\n${note}\r\n`)]);
}

function connectClient(settings: ImapSettings): ImapFlow {
  return new ImapFlow({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    auth: { user: settings.user, pass: settings.pass },
    logger: false,
    connectionTimeout: 15_000,
    greetingTimeout: 10_000,
    socketTimeout: 60_000,
  });
}

export async function pollMailbox(deps: PollDeps): Promise<PollResult> {
  const { db, settings } = deps;
  const counts: Record<StoreOutcome, number> = { attached: 0, unmatched: 0, duplicate: 0 };
  const client = connectClient(settings);
  // Without a listener, a socket error after the pass would be an uncaught 'error' event.
  client.on('error', () => undefined);
  let more = false;
  try {
    await client.connect();
    const lock = await client.getMailboxLock(settings.mailbox);
    try {
      const box = client.mailbox;
      if (!box) throw new Error(`the mailbox ${settings.mailbox} could not be opened`);
      const uidValidity = String(box.uidValidity);
      const last = await readPosition(db.pool, settings.label, uidValidity);
      const waiting: { uid: number; size: number }[] = [];
      if (box.exists > 0) {
        for await (const message of client.fetch(`${last + 1}:*`, { uid: true, size: true }, { uid: true })) {
          // `N:*` names the last message even when its UID is below N (RFC 3501).
          if (message.uid > last) waiting.push({ uid: message.uid, size: message.size ?? 0 });
        }
      }
      waiting.sort((a, b) => a.uid - b.uid);
      more = waiting.length > BATCH_SIZE;
      for (const { uid, size } of waiting.slice(0, BATCH_SIZE)) {
        const query = size <= MAX_SOURCE_BYTES ? { uid: true, source: true } : { uid: true, headers: true };
        const fetched = await client.fetchOne(String(uid), query, { uid: true });
        if (!fetched) continue;
        const source = fetched.source ?? tooLarge(fetched.headers, size);
        const sha256 = crypto.createHash('sha256').update(source).digest('hex');
        const reply = await parseReplySafely(source);
        const outcome = await storeReply(db, deps.services, { mailbox: settings.label, uidValidity, uid, sha256 }, reply);
        counts[outcome] += 1;
        await client.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true }).catch(() => false);
      }
    } finally {
      lock.release();
    }
    await client.logout().catch(() => undefined);
    await recordPoll(db.pool, settings.label, null);
    return { counts, more };
  } catch (error) {
    client.close();
    const message = withoutPassword(settings, error instanceof Error ? error.message : String(error));
    await recordPoll(db.pool, settings.label, message).catch(() => undefined);
    throw new Error(message, { cause: error });
  }
}
