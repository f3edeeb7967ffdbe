/**
 * Rotating the secrets key (README, Security): `npm run rotate-secrets` with a key file writes a
 * new key, re-encrypts every stored secret and drops the old key; with SECRETS_KEY, a start with
 * SECRETS_KEY_PREVIOUS re-encrypts. After each, 2FA sign-in works and a queued reset mail is sent.
 * Also: plain TOTP secrets left by an older version are encrypted at start, once.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../../server/config';
import { startServer, type RunningServer } from '../../server/server';
import { runRotateSecrets } from '../../server/secrets/rotate-command';
import { keyIdOf } from '../../server/secrets/secret-box';
import { readKeyFile } from '../../server/secrets/secret-key';
import { startTestServer, type TestServer } from '../support/server';
import { testDatabaseKinds } from '../support/database';
import { startSmtpSink, type SmtpSink } from '../support/smtp';
import { totpCode } from '../support/totp';

const START_TIMEOUT_MS = 120_000;
const ADMIN_EMAIL = 'admin@test.example';
const ADMIN_PASSWORD = 'correct horse battery staple';

describe.each(testDatabaseKinds())('rotating the secrets key (%s)', (kind) => {
  let first: TestServer;
  let sink: SmtpSink;
  let root: string;
  let keyFile: string;
  const others: RunningServer[] = [];
  let step = 0;

  beforeAll(async () => {
    sink = await startSmtpSink();
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'college-rotation-'));
    keyFile = path.join(root, 'secrets-key');
    first = await startTestServer({ kind, listen: false, env: { SMTP_URL: sink.url, SECRETS_KEY: '', SECRETS_KEY_FILE: keyFile } });
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    for (const other of others) await other.close();
    await first.close();
    await sink.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const sharedDb = () => ({ ...first.db, close: async () => undefined });
  /** Another server on the same database with other key settings (the previous one's mailer stopped). */
  async function restart(env: Record<string, string>): Promise<RunningServer> {
    const previous = others.at(-1) ?? first;
    await previous.ctx.mailer.stop();
    const config: Config = { ...first.config, ...pick(loadConfig({ DATA_DIR: first.config.dataDir, SECRETS_KEY_FILE: keyFile, ...env })) };
    const server = await startServer(config, { db: sharedDb(), logger: false, listen: false });
    others.push(server);
    return server;
  }
  const pick = (config: Config) => ({
    secretsKey: config.secretsKey,
    secretsKeyPrevious: config.secretsKeyPrevious,
    secretsKeyFile: config.secretsKeyFile,
  });

  const call = (server: RunningServer, url: string, payload: object, token?: string) =>
    server.app.inject({
      method: 'POST',
      url,
      payload,
      remoteAddress: `10.21.1.${++step}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  /** Sign-in with the password and a code from the app (the last used step forgotten: no replay refusal). */
  async function signInWithCode(server: RunningServer, secret: string): Promise<number> {
    await first.db.pool.query('UPDATE users SET totp_last_step = 0');
    const challenge = await call(server, '/api/users/signin', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    const res = await call(server, '/api/users/signin/two-factor', { challenge: challenge.json().challenge, code: totpCode(secret) });
    return res.statusCode;
  }
  /** The key ids the stored secrets are sealed with (users' TOTP secrets, queued link mails). */
  async function keyIds(): Promise<string[]> {
    const { rows } = await first.db.pool.query<{ value: string }>(
      `SELECT totp_secret AS value FROM users WHERE totp_secret IS NOT NULL
       UNION ALL SELECT text_body FROM mail_queue WHERE sent_at IS NULL AND secret_expires_at IS NOT NULL
       UNION ALL SELECT html_body FROM mail_queue WHERE sent_at IS NULL AND secret_expires_at IS NOT NULL`,
    );
    return [...new Set(rows.map((row) => /^enc1:([0-9a-f]{12}):/.exec(row.value)?.[1] ?? 'plain'))];
  }

  test('the rotate command with a key file, then SECRETS_KEY with SECRETS_KEY_PREVIOUS', async () => {
    const signin = await call(first, '/api/users/signin', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    const token: string = signin.json().token;
    const setup = await call(first, '/api/users/two-factor/setup', { password: ADMIN_PASSWORD }, token);
    const secret: string = setup.json().secret;
    expect((await call(first, '/api/users/two-factor/confirm', { code: totpCode(secret) }, token)).statusCode).toBe(200);
    sink.refuse = true;
    await call(first, '/api/users/reset-password', { email: ADMIN_EMAIL });
    await first.ctx.leadLife.settle();
    await first.ctx.mailer.flush();
    const [original] = readKeyFile(keyFile);
    expect(await keyIds()).toEqual([keyIdOf(original as Buffer)]);

    // 1. The command: a new key in the file, every secret re-encrypted, the old key gone.
    const out: string[] = [];
    const code = await runRotateSecrets(first.config, { db: sharedDb(), out: (l) => out.push(l), err: (l) => out.push(l) });
    const keys = readKeyFile(keyFile);
    expect(keys).toHaveLength(1);
    const rotated = keys[0] as Buffer;
    expect(rotated.equals(original as Buffer)).toBe(false);
    expect(code).toBe(0);
    expect(out).toEqual([`3 secret(s) now encrypted with key ${keyIdOf(rotated)}.`, expect.stringContaining('now holds only the new key')]);
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(await keyIds()).toEqual([keyIdOf(rotated)]);
    const afterCommand = await restart({});
    expect(await signInWithCode(afterCommand, secret)).toBe(200);

    // 2. SECRETS_KEY: the new key there, the old one in SECRETS_KEY_PREVIOUS; the start re-encrypts.
    const newest = crypto.randomBytes(32);
    const withEnv = await restart({ SECRETS_KEY: newest.toString('hex'), SECRETS_KEY_PREVIOUS: rotated.toString('base64') });
    expect(await keyIds()).toEqual([keyIdOf(newest)]);
    // Then without the previous key at all: everything still opens, and the queued mail goes out.
    const alone = await restart({ SECRETS_KEY: newest.toString('base64') });
    expect(await signInWithCode(alone, secret)).toBe(200);
    sink.refuse = false;
    await first.db.pool.query('UPDATE mail_queue SET next_attempt_at = now() WHERE sent_at IS NULL');
    // This instance's own mail worker may take the mail before flush() does: either way it goes out once.
    await alone.ctx.leadLife.settle();
    await alone.ctx.mailer.flush();
    expect((await sink.waitForMail(ADMIN_EMAIL)).raw).toMatch(/password-reset/);
    const unsent = await first.db.pool.query('SELECT 1 FROM mail_queue WHERE sent_at IS NULL');
    expect(unsent.rowCount).toBe(0);
    expect(withEnv.secretsKey).toEqual({ file: null, created: false });
  });

  test('a TOTP secret stored in plain text by an older version is encrypted at the next start, once', async () => {
    const plain = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    await first.db.pool.query('DELETE FROM mail_queue');
    await first.db.pool.query('UPDATE users SET totp_secret = $1, totp_last_step = 0 WHERE lower(email) = $2', [plain, ADMIN_EMAIL]);
    const key = crypto.randomBytes(32);
    const server = await restart({ SECRETS_KEY: key.toString('base64') });
    expect(await keyIds()).toEqual([keyIdOf(key)]);
    const { rows } = await first.db.pool.query<{ totp_secret: string }>('SELECT totp_secret FROM users WHERE lower(email) = $1', [
      ADMIN_EMAIL,
    ]);
    expect(rows[0]?.totp_secret).not.toContain(plain);
    expect(await signInWithCode(server, plain)).toBe(200);
    const before = rows[0]?.totp_secret;
    await restart({ SECRETS_KEY: key.toString('base64') });
    const again = await first.db.pool.query<{ totp_secret: string }>('SELECT totp_secret FROM users WHERE lower(email) = $1', [
      ADMIN_EMAIL,
    ]);
    expect(again.rows[0]?.totp_secret).toBe(before);
  });
});
