/**
 * The outage spool: when the database cannot be reached, an accepted lead is written durably to
 * `${dataDir}/spool/leads/<idempotency-key>.json` (write a temp file, fsync, hard-link it to its
 * final name — which fails rather than replaces when the key is already spooled — fsync the
 * folder), and a
 * background replay inserts spooled leads once the database is back. A file is deleted only after
 * its insert committed; the insert ignores a key that is already stored, so a lead that reached
 * the table just before the connection dropped is never stored twice.
 *
 * The replay is a watcher of its own, not a job on the queue (server/jobs/): the queue lives in the
 * database whose outage fills the spool, so a job could be neither sent when a lead is spooled nor
 * fetched until the database is back; and the folder is this instance's DATA_DIR, which a job run
 * by another instance could not see. Once replayed, the leads' notifications are jobs as usual.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import { isConnectionError } from '../db/database';
import { leadPayloadHash, leadRecordSchema, type LeadRecord } from './lead-record';
import { IdempotencyConflict, insertLeadWithin } from './store';

export interface LeadSpool {
  stop(): Promise<void>;
}

export const SPOOL_REPLAY_INTERVAL_MS = 3000;
/** A temp file this old was never acknowledged (the writer died before the rename): remove it. */
const STALE_TEMP_MS = 60_000;

export function leadSpoolDir(dataDir: string): string {
  return path.join(dataDir, 'spool', 'leads');
}

/** The spool holds its maximum number of leads; the caller answers 503. */
export class SpoolFullError extends Error {
  constructor() {
    super('lead spool is full');
  }
}

/** Leads waiting in the spool (reported by /api/health, and checked against the cap). */
export async function spoolDepth(dataDir: string): Promise<number> {
  try {
    return (await fs.readdir(leadSpoolDir(dataDir))).filter((name) => name.endsWith('.json')).length;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
}

/**
 * Writes the lead so that it survives a crash; resolves only once it is on disk. A lead whose
 * key is already spooled is kept as it is (the same payload: done; another: IdempotencyConflict).
 * At `maxLeads` waiting files the spool refuses more (SpoolFullError), so an outage cannot fill
 * the disk.
 */
export async function spoolLead(dataDir: string, lead: LeadRecord, maxLeads = Infinity): Promise<void> {
  const dir = leadSpoolDir(dataDir);
  await fs.mkdir(dir, { recursive: true });
  const finalPath = path.join(dir, `${lead.idempotency_key}.json`);
  if (await sameLeadSpooled(finalPath, lead)) return;
  if ((await spoolDepth(dataDir)) >= maxLeads) throw new SpoolFullError();
  const tempPath = `${finalPath}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  const file = await fs.open(tempPath, 'wx');
  try {
    await file.writeFile(JSON.stringify(lead));
    await file.sync();
  } finally {
    await file.close();
  }
  try {
    // link(), unlike rename(), never replaces a file that is already there.
    await fs.link(tempPath, finalPath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // Spooled meanwhile by a concurrent request with the same key.
    if (!(await sameLeadSpooled(finalPath, lead))) throw new IdempotencyConflict(lead.idempotency_key);
  } finally {
    await fs.rm(tempPath, { force: true });
  }
  const folder = await fs.open(dir, 'r');
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}

/**
 * True when a lead with this key is already spooled with the same payload; IdempotencyConflict
 * when it is spooled with another payload; false when none is spooled.
 */
async function sameLeadSpooled(finalPath: string, lead: LeadRecord): Promise<boolean> {
  let content: string;
  try {
    content = await fs.readFile(finalPath, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  let json: unknown = null;
  try {
    json = JSON.parse(content);
  } catch {
    // a torn file: the schema check below refuses null
  }
  const parsed = leadRecordSchema.safeParse(json);
  if (parsed.success && leadPayloadHash(parsed.data) === leadPayloadHash(lead)) return true;
  throw new IdempotencyConflict(lead.idempotency_key);
}

export type ReplayOutcome = { replayed: number; pending: number };

/** Inserts every spooled lead it can; stops at the first connection error (still down). */
export async function replaySpool(ctx: AppContext, log: FastifyBaseLogger): Promise<ReplayOutcome> {
  const dir = leadSpoolDir(ctx.config.dataDir);
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { replayed: 0, pending: 0 };
    throw error;
  }
  const files = names.filter((name) => name.endsWith('.json')).sort();
  let replayed = 0;
  for (const [index, name] of files.entries()) {
    const file = path.join(dir, name);
    const lead = await readSpooled(file, log);
    if (!lead) continue;
    try {
      await insertLeadWithin(ctx.db.pool, lead);
    } catch (error) {
      if (isConnectionError(error)) return { replayed, pending: files.length - index };
      // Not an outage: the row itself is refused. Keep it aside for a person, never delete it.
      log.error({ err: error, file: name }, 'spooled lead refused by the database; moved to spool/leads/failed');
      await quarantine(file);
      continue;
    }
    await fs.rm(file, { force: true });
    replayed += 1;
  }
  await removeStaleTemps(dir, names);
  if (replayed > 0) await ctx.leadLife.announce(); // their follow-up
  return { replayed, pending: 0 };
}

async function readSpooled(file: string, log: FastifyBaseLogger): Promise<LeadRecord | null> {
  let content: string;
  try {
    content = await fs.readFile(file, 'utf8');
  } catch (error) {
    // Another instance sharing the folder may have replayed and removed it meanwhile.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  let json: unknown = null;
  try {
    json = JSON.parse(content);
  } catch {
    // fall through to the schema check, which refuses null
  }
  const parsed = leadRecordSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  log.error({ file: path.basename(file) }, 'unreadable spooled lead; moved to spool/leads/failed');
  await quarantine(file);
  return null;
}

async function quarantine(file: string): Promise<void> {
  const failed = path.join(path.dirname(file), 'failed');
  await fs.mkdir(failed, { recursive: true });
  await fs.rename(file, path.join(failed, path.basename(file)));
}

async function removeStaleTemps(dir: string, names: string[]): Promise<void> {
  for (const name of names.filter((n) => n.endsWith('.tmp'))) {
    const file = path.join(dir, name);
    const stat = await fs.stat(file).catch(() => null);
    if (stat && Date.now() - stat.mtimeMs > STALE_TEMP_MS) await fs.rm(file, { force: true });
  }
}

/** Replays at start and every few seconds; stop() waits for a replay that is running. */
export function startLeadSpool(ctx: AppContext, log: FastifyBaseLogger): LeadSpool {
  let running: Promise<void> | null = null;
  let stopped = false;
  let wasPending = false;

  const tick = () => {
    if (stopped || running) return;
    running = replaySpool(ctx, log)
      .then(({ replayed, pending }) => {
        if (replayed > 0) log.info({ replayed }, 'spooled leads written to the database');
        if (pending > 0 && !wasPending) log.warn({ pending }, 'database unreachable; leads wait in the spool');
        wasPending = pending > 0;
      })
      .catch((error: unknown) => log.error({ err: error }, 'lead spool replay failed; will retry'))
      .finally(() => {
        running = null;
      });
  };

  tick();
  const timer = setInterval(tick, SPOOL_REPLAY_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
