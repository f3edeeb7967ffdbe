/**
 * Issue 32: a backup taken while 20 clients post leads and registrations restores into a fresh
 * database of either kind with every table equal, row for row, to the source at the backup's
 * moment (the manifest's checksums were computed inside the backup's snapshot), every lead and
 * registration acknowledged before it started, and the stored files.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createBackup } from '../../server/backup/create-backup';
import { tableChecksums } from '../../server/backup/dump-database';
import { restoreBackup } from '../../server/backup/restore-backup';
import { verifyBackup } from '../../server/backup/verify-backup';
import { startServer } from '../../server/server';
import { bothDatabaseKinds, createEmptyDatabase } from '../support/database';
import { createEvent, person, register } from '../support/events';
import { staffToken, validLead } from '../support/lead-fixtures';
import { startTestServer, type TestServer } from '../support/server';

const kinds = bothDatabaseKinds();

interface Acknowledged {
  leads: string[];
  registrations: string[];
}

/** 20 clients posting until `stop` resolves; what was acknowledged, with the moment of each answer. */
function clients(server: TestServer, eventId: string, stop: { done: boolean }) {
  const acknowledged: { kind: 'lead' | 'registration'; email: string; at: number }[] = [];
  const runs = Array.from({ length: 20 }, async (_, client) => {
    for (let n = 0; !stop.done; n += 1) {
      const email = `client${client}.n${n}.${Math.random().toString(36).slice(2, 7)}@example.com`;
      const isLead = (client + n) % 3 !== 0;
      const answer = isLead
        ? await server.app.inject({
            method: 'POST',
            url: '/api/leads',
            payload: validLead({ email }),
            remoteAddress: `10.0.0.${client + 1}`,
          })
        : await register(server, eventId, person({ email }), {});
      if (answer.statusCode < 300) acknowledged.push({ kind: isLead ? 'lead' : 'registration', email, at: performance.now() });
      // A person's pace, not a flood: each client posts about 10 times a second.
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  return { acknowledged, done: Promise.all(runs) };
}

/** The backup taken under load, and what the clients had been told before it started. */
interface Taken {
  file: string;
  backupDir: string;
  ackedBefore: Acknowledged;
  acknowledged: Set<string>;
}

// One backup under load per source kind, restored into each kind: the load (20 clients on the
// source's server) is the costly part, and what each restore proves does not depend on it twice.
describe.each(kinds)('a backup on %s', (from) => {
  let server: TestServer;
  let taken: Taken;
  beforeAll(async () => {
    server = await startTestServer({ kind: from, env: { LEADS_RATE_LIMIT: '1000000' } });
    const event = await createEvent(server, await staffToken(server), { capacity: 100_000 });
    const spooled = path.join(server.config.dataDir, 'spool', 'leads', 'failed', 'kept-for-the-backup.json');
    fs.mkdirSync(path.dirname(spooled), { recursive: true });
    fs.writeFileSync(spooled, '{"note":"a stored file"}');
    const stop = { done: false };
    const load = clients(server, event.id, stop);
    while (load.acknowledged.length < 60) await new Promise((resolve) => setTimeout(resolve, 20));
    const startedAt = performance.now();
    const ackedBefore: Acknowledged = {
      leads: load.acknowledged.filter((a) => a.kind === 'lead' && a.at < startedAt).map((a) => a.email),
      registrations: load.acknowledged.filter((a) => a.kind === 'registration' && a.at < startedAt).map((a) => a.email),
    };
    const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'college-backups-'));
    const result = await createBackup(
      server.ctx.db,
      { dataDir: server.config.dataDir, backupDir },
      {
        reason: 'manual',
        secretsKeyFingerprint: null,
      },
    );
    const countAfterBackup = load.acknowledged.length;
    while (load.acknowledged.length < countAfterBackup + 20) await new Promise((resolve) => setTimeout(resolve, 20));
    stop.done = true;
    await load.done;
    taken = { file: result.file, backupDir, ackedBefore, acknowledged: new Set(load.acknowledged.map((a) => a.email)) };
    // Seconds alone; minutes beside the rest of the suite on a loaded two-core machine (a clean-clone
    // run of 2026-11-28 took 587 s for this file, with a load for each of the four pairs).
  }, 480_000);
  afterAll(async () => {
    await server?.close();
    if (taken) fs.rmSync(taken.backupDir, { recursive: true, force: true });
  });

  it.each(kinds)(
    'restored into %s, holds every table as it was at its moment, every acknowledged lead and registration, and the stored files',
    async (to) => {
      const { ackedBefore } = taken;
      const manifest = await verifyBackup(taken.file);
      expect(manifest.database).toBe(from);
      // The tables compared below hold mail queued for the registrations and the staff accounts, not only leads.
      expect(manifest.tables.mail_queue?.rows).toBeGreaterThan(0);
      expect(manifest.tables.users?.rows).toBeGreaterThan(0);
      const target = await createEmptyDatabase(to);
      const targetDir = fs.mkdtempSync(path.join(os.tmpdir(), 'college-restored-'));
      try {
        const report = await restoreBackup(target, taken.file, manifest, targetDir);
        expect(report.migrated).toEqual([]);
        expect(await target.readSnapshot(tableChecksums)).toEqual(manifest.tables);
        const { rows: leads } = await target.pool.query<{ email: string }>('SELECT email FROM leads');
        const restoredLeads = new Set(leads.map((row) => row.email));
        expect(ackedBefore.leads.length).toBeGreaterThan(10);
        expect(ackedBefore.leads.filter((email) => !restoredLeads.has(email))).toEqual([]);
        const { rows: registrations } = await target.pool.query<{ email: string }>('SELECT email FROM event_registrations');
        const restoredRegistrations = new Set(registrations.map((row) => row.email));
        expect(ackedBefore.registrations.length).toBeGreaterThan(3);
        expect(ackedBefore.registrations.filter((email) => !restoredRegistrations.has(email))).toEqual([]);
        // Nothing that was not in the source: every restored lead is one the clients were answered for.
        expect([...restoredLeads].filter((email) => email.startsWith('client') && !taken.acknowledged.has(email))).toEqual([]);
        expect(fs.readFileSync(path.join(targetDir, 'spool', 'leads', 'failed', 'kept-for-the-backup.json'), 'utf8')).toBe(
          '{"note":"a stored file"}',
        );
        // A fresh instance on the restored database: the admin signs in with the same password and finds the leads.
        const instance = await startServer(
          { ...server.config, dataDir: targetDir, backupDir: path.join(targetDir, 'backups') },
          { db: target, logger: false, listen: false },
        );
        try {
          const signin = await instance.app.inject({
            method: 'POST',
            url: '/api/users/signin',
            payload: { email: 'admin@test.example', password: 'correct horse battery staple' },
          });
          const token = signin.json<{ token: string }>().token;
          const inbox = await instance.app.inject({ method: 'GET', url: '/api/crm/leads', headers: { authorization: `Bearer ${token}` } });
          expect(inbox.json<{ total: number }>().total).toBe(manifest.tables.leads?.rows);
        } finally {
          await instance.close();
        }
      } finally {
        await target.close().catch(() => undefined);
        fs.rmSync(targetDir, { recursive: true, force: true });
      }
    },
    480_000,
  );
});
