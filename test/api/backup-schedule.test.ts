/**
 * The scheduled backup (issue 32, server/backup/backup-job.ts) on each database: the schedule row
 * pg-boss stores (02:30 in Toronto; none with BACKUP_TIME=off), a tick of the job's cron writing a
 * backup and its backup_runs row (pg-boss TestClock), retention of scheduled files only, a failed
 * backup in the log, /metrics and the admins' mail, and the dashboard's backup status for admins.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TestClock } from 'pg-boss';
import { startTestServer, type TestServer } from '../support/server';
import { bothDatabaseKinds, createTestDatabase } from '../support/database';
import { loadConfig } from '../../server/config';
import { createJobQueue } from '../../server/jobs/job-queue';
import { createMailer } from '../../server/mail/create-mailer';
import { addStaff } from '../support/crm-staff';
import { ADMIN_EMAIL } from '../support/staff';
import { documentValidators } from '../support/openapi';
import { BACKUP_QUEUE, runScheduledBackup, workBackups } from '../../server/backup/backup-job';
import type { BackupStatus } from '../../src/backup-contract';

const START_TIMEOUT_MS = 120_000;
const TOKEN = 'metrics-token-for-backup-tests-0123456789';
const DAY = 86_400_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function capturingLog() {
  const lines: { level: string; line: string }[] = [];
  const at = (level: string) => (line: string) => void lines.push({ level, line });
  return { lines, log: { info: at('info'), warn: at('warn'), error: at('error') } };
}

/** The value of one sample line, e.g. `backup_failures_total{reason="scheduled"} 1`. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((entry) => entry.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : NaN;
}

async function scheduleRows(server: TestServer) {
  const { rows } = await server.db.pool.query<{ cron: string; timezone: string }>(
    `SELECT cron, timezone FROM ${server.ctx.jobs.schema}.schedule WHERE name = $1`,
    [BACKUP_QUEUE.name],
  );
  return rows;
}

async function backupRuns(server: TestServer) {
  const { rows } = await server.db.pool.query<{
    reason: string;
    ok: boolean;
    file: string | null;
    bytes: string | null;
    error: string | null;
  }>('SELECT reason, ok, file, bytes, error FROM backup_runs ORDER BY id');
  return rows;
}

describe.each(bothDatabaseKinds())('scheduled backups (%s)', (kind) => {
  let server: TestServer;
  const deps = () => ({ db: server.db, config: server.config, mailer: server.ctx.mailer, secretsKeyFingerprint: null, ...capturingLog() });

  beforeAll(async () => {
    server = await startTestServer({ kind, listen: false, env: { METRICS_TOKEN: TOKEN } });
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(async () => {
    await server.db.pool.query('DELETE FROM backup_runs');
  });

  test('BACKUP_TIME=off stores no schedule, and removes one a previous start stored', async () => {
    expect(await scheduleRows(server)).toEqual([]);
    const jobDeps = { ...deps(), jobs: server.ctx.jobs };
    await workBackups({ ...jobDeps, config: { ...server.config, backupTime: { hour: 2, minute: 30 } } });
    expect(await scheduleRows(server)).toEqual([{ cron: '30 2 * * *', timezone: 'America/Toronto' }]);
    await workBackups({ ...jobDeps, config: { ...server.config, backupTime: null } });
    expect(await scheduleRows(server)).toEqual([]);
  });

  test('a run writes a backup file and a backup_runs row, then keeps the newest BACKUP_KEEP scheduled files', async () => {
    const dir = server.config.backupDir;
    fs.mkdirSync(dir, { recursive: true });
    // What the start left there (the embedded database's backup before migrations) stays too.
    const present = fs.readdirSync(dir);
    const oldScheduled = ['20260101-023000Z', '20260102-023000Z', '20260103-023000Z', '20260104-023000Z'].map(
      (stamp) => `college-backup-${stamp}-scheduled.tar`,
    );
    const others = [
      'college-backup-20251201-120000Z-manual.tar',
      'college-backup-20251202-120000Z-before-migrate.tar',
      'college-backup-20251203-023000Z-scheduled.tar.partial',
      'notes.txt',
    ];
    for (const name of [...oldScheduled, ...others]) fs.writeFileSync(path.join(dir, name), 'not a real backup');

    const { log, lines } = capturingLog();
    const outcome = await runScheduledBackup({ ...deps(), log, config: { ...server.config, backupKeep: 3 } });
    if (!outcome.ok) throw new Error(outcome.error);
    expect(path.dirname(outcome.result.file)).toBe(dir);
    expect(path.basename(outcome.result.file)).toMatch(/^college-backup-\d{8}-\d{6}Z-scheduled\.tar$/);
    expect(fs.statSync(outcome.result.file).size).toBe(outcome.result.bytes);
    expect(await backupRuns(server)).toEqual([
      { reason: 'scheduled', ok: true, file: outcome.result.file, bytes: String(outcome.result.bytes), error: null },
    ]);
    // The new file and the two newest old ones; never the manual, before-migrate or foreign files.
    expect(fs.readdirSync(dir).sort()).toEqual(
      [...present, ...others, oldScheduled[2], oldScheduled[3], path.basename(outcome.result.file)].sort(),
    );
    expect(outcome.pruned.sort()).toEqual([oldScheduled[0], oldScheduled[1]]);
    expect(lines.some((entry) => entry.level === 'info' && entry.line.includes('scheduled backup written'))).toBe(true);
    // Idempotent: pruning again removes nothing more.
    const again = await runScheduledBackup({ ...deps(), config: { ...server.config, backupKeep: 3 } });
    // Two backups within one second: the second is `…-scheduled-2.tar` (backup-file-name.ts).
    expect(again.ok && fs.readdirSync(dir).filter((name) => /-scheduled(-\d+)?\.tar$/.test(name)).length).toBe(3);
    // Two real backups: seconds alone, over a minute beside the whole suite on a loaded machine.
  }, 300_000);

  test('a failed backup is in the log, in /metrics (every reason) and in a mail to each active admin', async () => {
    const scrape = async () => {
      const res = await server.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      return res.body;
    };
    const before = await scrape();
    expect(sample(before, 'backup_failures_total{reason="scheduled"}')).toBe(0);
    const notAFolder = path.join(server.config.dataDir, 'backups-is-a-file');
    fs.writeFileSync(notAFolder, 'a file where the backup folder should be');
    const counsellor = await addStaff(server, 'Casey Counsellor');
    const otherAdmin = await addStaff(server, 'Avery Admin', 'admin');
    await server.db.pool.query('UPDATE users SET password_set = true WHERE id = $1', [otherAdmin.id]);
    await server.db.pool.query(`DELETE FROM mail_queue WHERE subject = 'A backup of the college database failed'`);

    const { log, lines } = capturingLog();
    const outcome = await runScheduledBackup({ ...deps(), log, config: { ...server.config, backupDir: notAFolder } });
    expect(outcome.ok).toBe(false);
    const errors = lines.filter((entry) => entry.level === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]?.line).toMatch(/^scheduled backup failed: \S/);
    expect(await backupRuns(server)).toEqual([{ reason: 'scheduled', ok: false, file: null, bytes: null, error: expect.any(String) }]);

    const after = await scrape();
    expect(sample(after, 'backup_failures_total{reason="scheduled"}')).toBe(1);
    expect(sample(after, 'backup_failures_total{reason="manual"}')).toBe(0);
    expect(sample(after, 'backup_last_success_timestamp_seconds')).toBe(0);

    const { rows } = await server.db.pool.query<{ to_address: string; text_body: string }>(
      `SELECT to_address, text_body FROM mail_queue WHERE subject = 'A backup of the college database failed' ORDER BY to_address`,
    );
    expect(rows.map((row) => row.to_address).sort()).toEqual([ADMIN_EMAIL, otherAdmin.email].sort());
    expect(rows.map((row) => row.to_address)).not.toContain(counsellor.email);
    expect(rows[0]?.text_body).toContain('The daily backup failed on');
    expect(rows[0]?.text_body).toContain(`The error was: ${outcome.ok ? '' : outcome.error}`);
    expect(rows[0]?.text_body).toContain('npm run backup');
  });

  test('/metrics shows when the newest successful backup finished, from any instance’s record', async () => {
    const finished = new Date(Date.now() - DAY);
    await server.db.pool.query(
      `INSERT INTO backup_runs (reason, started_at, finished_at, ok, file, bytes) VALUES ('manual', $1, $1, true, '/elsewhere/x.tar', 1)`,
      [finished],
    );
    const res = await server.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(sample(res.body, 'backup_last_success_timestamp_seconds')).toBeCloseTo(finished.getTime() / 1000, 0);
  });

  describe('the dashboard’s backup status', () => {
    const status = async (token: string) => {
      const res = await server.app.inject({
        method: 'GET',
        url: '/api/crm/dashboard/backup',
        headers: { authorization: `Bearer ${token}` },
      });
      return { code: res.statusCode, body: res.json<BackupStatus & { message?: string }>() };
    };
    const succeededAgo = async (ms: number) => {
      const at = new Date(Date.now() - ms);
      await server.db.pool.query(
        `INSERT INTO backup_runs (reason, started_at, finished_at, ok, file, bytes) VALUES ('scheduled', $1, $1, true, '/b/x.tar', 1)`,
        [at],
      );
    };

    test('stale after two days, not after one; a failure after a success does not hide the age', async () => {
      const admin = await addStaff(server, 'Morgan Admin', 'admin');
      await succeededAgo(3 * DAY + 3_600_000);
      await server.db.pool.query(
        `INSERT INTO backup_runs (reason, started_at, finished_at, ok, error) VALUES ('scheduled', now(), now(), false, 'disk full')`,
      );
      expect(await status(admin.token)).toMatchObject({ code: 200, body: { days_old: 3, stale: true } });
      await succeededAgo(DAY + 3_600_000);
      expect(await status(admin.token)).toMatchObject({ code: 200, body: { days_old: 1, stale: false } });
    });

    test('none ever: stale only once the database is over two days old', async () => {
      const admin = await addStaff(server, 'Robin Admin', 'admin');
      expect(await status(admin.token)).toMatchObject({ code: 200, body: { last_success_at: null, days_old: null, stale: false } });
      await server.db.pool.query(`UPDATE schema_migrations SET applied_at = applied_at - interval '3 days'`);
      try {
        expect(await status(admin.token)).toMatchObject({ code: 200, body: { last_success_at: null, stale: true } });
      } finally {
        await server.db.pool.query(`UPDATE schema_migrations SET applied_at = applied_at + interval '3 days'`);
      }
    });

    test('the answers match the API description', async () => {
      const admin = await addStaff(server, 'Dana Admin', 'admin');
      const counsellor = await addStaff(server, 'Drew Counsellor');
      await succeededAgo(3 * DAY);
      const validators = documentValidators((await server.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<object>());
      for (const token of [admin.token, counsellor.token]) {
        const { code, body } = await status(token);
        expect(validators.answer('GET', '/crm/dashboard/backup', code)(body)).toEqual([]);
      }
    });

    test('a counsellor is refused with a message', async () => {
      const counsellor = await addStaff(server, 'Jamie Counsellor');
      const answer = await status(counsellor.token);
      expect(answer.code).toBe(403);
      expect(answer.body.message).toMatch(/admin/i);
    });
  });
});

describe.each(bothDatabaseKinds())('the backup job on its cron (%s)', (kind) => {
  test(
    'at 02:30 in Toronto (EDT, 06:30 UTC) one instance writes the scheduled backup',
    async () => {
      // Thursday 15 July 2027, 02:29:30 in Toronto: far from the real clock.
      const clock = new TestClock(new Date('2027-07-15T06:29:30Z'));
      const server = await startTestServer({ kind, listen: false, clock, env: { BACKUP_TIME: '02:30' } });
      try {
        const runs = async () => (await server.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM backup_runs')).rows[0]?.n ?? 0;
        const queued = async () =>
          (await server.db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${server.ctx.jobs.schema}.job WHERE name = 'backup'`))
            .rows[0]?.n ?? 0;
        let seconds = 0;
        while ((await queued()) === 0) {
          if (++seconds > 240) throw new Error('no backup job within 4 minutes of test time');
          await clock.tick(1000);
          await sleep(5);
        }
        // Not before its time: the cron fired within a couple of minutes after 06:30 UTC.
        expect(clock.now()).toBeGreaterThanOrEqual(Date.parse('2027-07-15T06:30:00Z'));
        expect(clock.now()).toBeLessThan(Date.parse('2027-07-15T06:32:00Z'));
        // The backup itself takes real time, which a loaded machine stretches.
        const deadline = Date.now() + 180_000;
        while ((await runs()) === 0) {
          if (Date.now() > deadline) throw new Error('the scheduled backup did not finish within 3 minutes');
          await clock.tick(1000);
          await sleep(50);
        }
        const files = fs.readdirSync(server.config.backupDir).filter((name) => name.endsWith('-scheduled.tar'));
        expect(files).toHaveLength(1);
      } finally {
        await server.close();
      }
    },
    START_TIMEOUT_MS * 3,
  );
});

describe.each(bothDatabaseKinds())('a backup missed while every instance was down (%s)', (kind) => {
  test(
    'runs once at the next start, not once per missed day',
    async () => {
      const db = await createTestDatabase(kind);
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'college-backup-missed-'));
      const config = loadConfig({
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        BACKUP_TIME: '02:30',
        SECRETS_KEY: crypto.randomBytes(32).toString('base64'),
      });
      const quiet = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
      // Thursday 15 July 2027, 02:00 in Toronto: up for a minute, then down until noon two days later.
      const clock = new TestClock(new Date('2027-07-15T06:00:00Z'));
      const runs = async () => (await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM backup_runs')).rows[0]?.n ?? 0;
      const startInstance = async () => {
        const jobs = createJobQueue(db, { log: quiet, clock });
        await jobs.start();
        const mailer = createMailer(config, db, quiet, { jobs });
        await workBackups({ jobs, db, config, mailer, secretsKeyFingerprint: null, log: quiet });
        return jobs;
      };
      try {
        let jobs = await startInstance();
        for (let second = 0; second < 90; second += 1) await clock.tick(1000);
        await jobs.stop();
        expect(await runs()).toBe(0);
        await clock.setTime(new Date('2027-07-17T16:00:00Z'));
        jobs = await startInstance();
        // The job is due at once; the backup itself takes real time, which a loaded machine stretches.
        const deadline = Date.now() + 180_000;
        while ((await runs()) === 0) {
          if (Date.now() > deadline) throw new Error('the missed backup did not run within 3 minutes');
          await clock.tick(1000);
          await sleep(50);
        }
        for (let second = 0; second < 120; second += 1) await clock.tick(1000);
        await jobs.stop();
        expect(await runs()).toBe(1);
      } finally {
        await db.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
        fs.rmSync(config.backupDir, { recursive: true, force: true });
      }
    },
    START_TIMEOUT_MS * 3,
  );
});
