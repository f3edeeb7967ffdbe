/**
 * Issue 21, defect 3: a password change ends every outstanding reset link of the account — the
 * owner's own change, a deactivation, a completed reset — so a link mailed before the change
 * cannot undo it (it used to work for up to 60 minutes). Links come from a real SMTP sink.
 */
import { startTestServer, type TestServer } from '../support/server';
import { testDatabaseKinds } from '../support/database';
import { startSmtpSink, type SmtpSink } from '../support/smtp';
import { createUser } from '../../server/auth/users';
import { createSession } from '../../server/auth/sessions';
import { hashToken, newToken } from '../../server/auth/tokens';
import { RESET_LINK_INVALID } from '../../server/auth/password-reset';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/staff';
import type { StaffMember } from '../../src/crm-contract';

const START_TIMEOUT_MS = 120_000;
const PASSWORD = 'orchid lantern basalt 71';
const CHANGED = 'juniper copper sextant 38';
const VIA_LINK = 'marigold tundra falcon 95';

function linkIn(raw: string): { userId: string; token: string } {
  const decoded = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = /\/crm\/password-reset\/([0-9a-f]{24})\/([A-Za-z0-9_-]+)/.exec(decoded);
  if (!match) throw new Error(`no reset link in:\n${raw}`);
  return { userId: match[1] as string, token: match[2] as string };
}

describe.each(testDatabaseKinds())('a password change ends outstanding reset links (%s)', (kind) => {
  let server: TestServer;
  let sink: SmtpSink;
  let adminToken: string;
  let seq = 0;

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestServer({ kind, listen: false, env: { SMTP_URL: sink.url } });
    const signin = await server.app.inject({
      method: 'POST',
      url: '/api/users/signin',
      payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    adminToken = signin.json<{ token: string }>().token;
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await server?.close();
    await sink?.close();
  });
  beforeEach(async () => {
    await server.db.pool.query('DELETE FROM signin_attempts');
  });

  const post = (url: string, payload: object, token?: string) =>
    server.app.inject({ method: 'POST', url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const useLink = (link: { userId: string; token: string }, password = VIA_LINK) =>
    post(`/api/users/reset-password/${link.userId}/${link.token}`, { password, cPassword: password });

  /** A member with a known password and a session. */
  async function member(): Promise<{ id: string; email: string; session: string }> {
    seq += 1;
    const email = `links-${seq}-${Date.now()}@test.example`;
    const user = await createUser(server.db.pool, { email, name: `Linda Links ${seq}`, password: PASSWORD });
    return { id: user._id, email, session: await createSession(server.db.pool, user._id) };
  }

  async function requestLink(email: string): Promise<{ userId: string; token: string }> {
    sink.messages.length = 0;
    expect((await post('/api/users/reset-password', { email })).statusCode).toBe(200);
    await server.ctx.leadLife.settle();
    await server.ctx.mailer.flush();
    return linkIn((await sink.waitForMail(email)).raw);
  }

  test('a link issued before the owner changes the password fails after it', async () => {
    const m = await member();
    const link = await requestLink(m.email);
    const change = await post(
      '/api/users/account/password',
      { current_password: PASSWORD, password: CHANGED, cPassword: CHANGED },
      m.session,
    );
    expect(change.statusCode).toBe(200);
    const res = await useLink(link);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: RESET_LINK_INVALID });
    // The changed password is still the one that works.
    expect((await post('/api/users/signin', { email: m.email, password: CHANGED })).statusCode).toBe(200);
  });

  /** An admin sets the member's status (1 Active, 2 Inactive) through the Staff API. */
  async function setStatus(id: string, status: number): Promise<void> {
    const list = (
      await server.app.inject({ method: 'GET', url: '/api/crm/staff', headers: { authorization: `Bearer ${adminToken}` } })
    ).json<{ staff: StaffMember[] }>().staff;
    const version = list.find((s) => s._id === id)?.version;
    const res = await server.app.inject({
      method: 'PATCH',
      url: `/api/crm/staff/${id}`,
      payload: { status, version },
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(res.statusCode).toBe(200);
  }

  test('a link issued before a deactivation fails, also after the account is active again', async () => {
    const m = await member();
    const link = await requestLink(m.email);
    await setStatus(m.id, 2);
    await setStatus(m.id, 1);
    expect((await useLink(link)).json()).toEqual({ message: RESET_LINK_INVALID });
  });

  test('a deactivated account gets the same answer but no link, and none works after reactivation (issue 35)', async () => {
    const m = await member();
    await setStatus(m.id, 2);
    sink.messages.length = 0;
    const asked = await post('/api/users/reset-password', { email: m.email });
    const unknown = await post('/api/users/reset-password', { email: `nobody-${seq}@test.example` });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual(unknown.json());
    await server.ctx.leadLife.settle();
    await server.ctx.mailer.flush();
    expect(sink.messages.filter((mail) => mail.to.includes(m.email))).toEqual([]);
    const { rows } = await server.db.pool.query('SELECT 1 FROM password_resets WHERE user_id = $1', [m.id]);
    expect(rows).toEqual([]);
    // A link a race left while the account was inactive (as a request committed beside the
    // deactivation would): dead while inactive, and dead after reactivation, when it was ended.
    const token = newToken();
    await server.db.pool.query(
      `INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '59 minutes')`,
      [hashToken(token), m.id],
    );
    expect((await useLink({ userId: m.id, token })).json()).toEqual({ message: RESET_LINK_INVALID });
    await setStatus(m.id, 1);
    expect((await useLink({ userId: m.id, token })).json()).toEqual({ message: RESET_LINK_INVALID });
    // Active again, the account asks as anyone does and its new link works.
    expect((await useLink(await requestLink(m.email))).statusCode).toBe(200);
  });

  test('a completed reset ends the other links of the account', async () => {
    const m = await member();
    const first = await requestLink(m.email);
    const second = await requestLink(m.email);
    expect((await useLink(second)).statusCode).toBe(200);
    expect((await useLink(first, CHANGED)).json()).toEqual({ message: RESET_LINK_INVALID });
  });

  test('a link whose request raced a password change (issued before it, committed after) is dead too', async () => {
    const m = await member();
    const change = await post(
      '/api/users/account/password',
      { current_password: PASSWORD, password: CHANGED, cPassword: CHANGED },
      m.session,
    );
    expect(change.statusCode).toBe(200);
    // As the racing request would have written it: unused, unexpired, created before the change.
    const token = newToken();
    await server.db.pool.query(
      `INSERT INTO password_resets (token_hash, user_id, created_at, expires_at)
       VALUES ($1, $2, now() - interval '1 second', now() + interval '59 minutes')`,
      [hashToken(token), m.id],
    );
    expect((await useLink({ userId: m.id, token })).json()).toEqual({ message: RESET_LINK_INVALID });
  });
});
