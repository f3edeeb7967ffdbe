import { fromNameOf } from '../../server/outreach/prepare-email';
import { startTestServer, type TestServer } from '../support/server';
import { testDatabaseKinds } from '../support/database';
import { startSmtpSink, type SmtpSink } from '../support/smtp';
import { addStaff, userIdByEmail, type TestStaff } from '../support/crm-staff';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/staff';
import type { AccountAnswer, StaffMember } from '../../src/crm-contract';
import { SIGNED_OUT_MESSAGE } from '../../server/auth/guards';
import { STAFF_NOT_FOUND_MESSAGE } from '../../server/staff/staff-store';
import { ADMIN_ONLY_MESSAGE } from '../../server/auth/guards';
import { LAST_ADMIN_MESSAGE, ROLE_MESSAGE, STAFF_CONFLICT_MESSAGE } from '../../server/staff/staff-changes';
import { EMAIL_TAKEN_MESSAGE } from '../../server/staff/invitations';
import { ACCOUNT_INACTIVE_MESSAGE } from '../../server/staff/account-status';
import { CURRENT_PASSWORD_WRONG, PASSWORD_CHANGED, PASSWORD_MISMATCH } from '../../server/staff/own-password';
import { RESET_LINK_INVALID } from '../../server/auth/password-reset';

const START_TIMEOUT_MS = 120_000;
const UNKNOWN = 'abcdefabcdefabcdefabcdef';
const NEW_PASSWORD = 'lighthouse quartz meadow 42';

describe.each(testDatabaseKinds())('staff roles, invitations, deactivation and own password (%s)', (kind) => {
  let server: TestServer;
  let sink: SmtpSink;
  let admin: TestStaff;
  let counsellor: TestStaff;

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string | null, payload?: object) =>
    server.app.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {}, ...(payload ? { payload } : {}) });
  const signIn = (email: string, password: string) =>
    server.app.inject({ method: 'POST', url: '/api/users/signin', payload: { email, password } });
  const member = async (id: string) => {
    const list = (await call('GET', '/api/crm/staff', admin.token)).json<{ staff: StaffMember[] }>().staff;
    return list.find((m) => m._id === id) as StaffMember;
  };

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestServer({ kind, listen: false, env: { SMTP_URL: sink.url } });
    const answer = (await signIn(ADMIN_EMAIL, ADMIN_PASSWORD)).json<{ token: string }>();
    admin = { id: await userIdByEmail(server, ADMIN_EMAIL), name: 'Admin', email: ADMIN_EMAIL, token: answer.token };
    counsellor = await addStaff(server, 'Connie Counsellor');
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await server.close();
    await sink.close();
  });

  test('the first account is an admin; everyone can list staff, signed-out calls get 401', async () => {
    expect(await member(admin.id)).toMatchObject({ role: 'admin', status: 1, invited: false });
    expect((await call('GET', '/api/crm/staff', counsellor.token)).statusCode).toBe(200);
    for (const [method, url] of [
      ['GET', '/api/crm/staff'],
      ['POST', '/api/crm/staff'],
      ['PATCH', `/api/crm/staff/${UNKNOWN}`],
      ['GET', '/api/users/account'],
      ['POST', '/api/users/account/password'],
    ] as const) {
      const res = await call(method, url, null, method === 'GET' ? undefined : {});
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: SIGNED_OUT_MESSAGE });
    }
  });

  test("a counsellor doing an admin's job gets 403", async () => {
    const invite = await call('POST', '/api/crm/staff', counsellor.token, { name: 'X', email: 'x@test.example', role: 'admin' });
    expect(invite.statusCode).toBe(403);
    expect(invite.json()).toEqual({ message: ADMIN_ONLY_MESSAGE });
    const promote = await call('PATCH', `/api/crm/staff/${counsellor.id}`, counsellor.token, { role: 'admin', version: 1 });
    expect(promote.statusCode).toBe(403);
  });

  test('an admin invites; the invitee sets a password from the e-mailed single-use link and signs in', async () => {
    for (const [body, message] of [
      [{ name: '', email: 'ok@test.example', role: 'counsellor' }, 'Please enter the name.'],
      [{ name: 'Ok', email: 'not-an-address', role: 'counsellor' }, 'Please enter a valid email address.'],
      [{ name: 'Ok', email: 'ok@test.example', role: 'owner' }, ROLE_MESSAGE],
    ] as const) {
      const res = await call('POST', '/api/crm/staff', admin.token, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    const res = await call('POST', '/api/crm/staff', admin.token, { name: 'Ines Invited', email: 'Ines@Test.example', role: 'counsellor' });
    expect(res.statusCode).toBe(201);
    const invited = res.json<StaffMember>();
    expect(invited).toMatchObject({ name: 'Ines Invited', email: 'ines@test.example', role: 'counsellor', status: 1, invited: true });
    expect(
      (await call('POST', '/api/crm/staff', admin.token, { name: 'Again', email: 'ines@test.example', role: 'admin' })).json(),
    ).toEqual({ message: EMAIL_TAKEN_MESSAGE });
    // No password works before the invitation is accepted.
    expect((await signIn('ines@test.example', 'invited:no-password-yet')).statusCode).toBe(401);

    const mail = await server.ctx.mailer.flush().then(() => sink.waitForMail('ines@test.example'));
    const link = /\/crm\/welcome\/([0-9a-f]{24})\/([A-Za-z0-9_-]+)/.exec(mail.raw.replace(/=\r?\n/g, ''));
    expect(link?.[1]).toBe(invited._id);
    const [, userId, token] = link as RegExpExecArray;
    const setPassword = () =>
      server.app.inject({
        method: 'POST',
        url: `/api/users/reset-password/${userId}/${token}`,
        payload: { password: NEW_PASSWORD, cPassword: NEW_PASSWORD },
      });
    expect((await setPassword()).statusCode).toBe(200);
    expect((await setPassword()).json()).toEqual({ message: RESET_LINK_INVALID });
    expect((await signIn('ines@test.example', NEW_PASSWORD)).statusCode).toBe(200);
    expect(await member(invited._id)).toMatchObject({ invited: false });
  });

  test('roles change with a version check; unknown ids 404; bad values 400', async () => {
    const before = await member(counsellor.id);
    const promoted = await call('PATCH', `/api/crm/staff/${counsellor.id}`, admin.token, { role: 'admin', version: before.version });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json<StaffMember>()).toMatchObject({ role: 'admin', version: before.version + 1 });
    const stale = await call('PATCH', `/api/crm/staff/${counsellor.id}`, admin.token, { role: 'counsellor', version: before.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ message: STAFF_CONFLICT_MESSAGE });
    const back = await call('PATCH', `/api/crm/staff/${counsellor.id}`, admin.token, { role: 'counsellor', version: before.version + 1 });
    expect(back.statusCode).toBe(200);
    expect((await call('PATCH', `/api/crm/staff/${UNKNOWN}`, admin.token, { role: 'admin', version: 1 })).json()).toEqual({
      message: STAFF_NOT_FOUND_MESSAGE,
    });
    expect((await call('PATCH', `/api/crm/staff/${counsellor.id}`, admin.token, { status: 3, version: 9 })).statusCode).toBe(400);
    expect((await call('PATCH', `/api/crm/staff/${counsellor.id}`, admin.token, { role: 'admin' })).statusCode).toBe(400);
  });

  test('the last active admin can be neither demoted nor deactivated', async () => {
    const self = await member(admin.id);
    for (const change of [{ role: 'counsellor' }, { status: 2 }]) {
      const res = await call('PATCH', `/api/crm/staff/${admin.id}`, admin.token, { ...change, version: self.version });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: LAST_ADMIN_MESSAGE });
    }
    expect(await member(admin.id)).toMatchObject({ role: 'admin', status: 1, version: self.version });
  });

  test('a deactivated account is signed out at once and refused at sign-in', async () => {
    const live = (await signIn('ines@test.example', NEW_PASSWORD)).json<{ token: string }>().token;
    expect((await call('GET', '/api/crm/leads', live)).statusCode).toBe(200);
    const ines = await userIdByEmail(server, 'ines@test.example');
    const res = await call('PATCH', `/api/crm/staff/${ines}`, admin.token, { status: 2, version: (await member(ines)).version });
    expect(res.statusCode).toBe(200);
    expect(res.json<StaffMember>().status).toBe(2);
    const after = await call('GET', '/api/crm/leads', live);
    expect(after.statusCode).toBe(401);
    const refused = await signIn('ines@test.example', NEW_PASSWORD);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: ACCOUNT_INACTIVE_MESSAGE });
    // A wrong password still says only "invalid", revealing nothing about the account.
    expect((await signIn('ines@test.example', 'wrong password here')).json()).toEqual({ message: 'Invalid email or password.' });
  });

  test('a session that outlived its account being deactivated (a race with sign-in) is refused on CRM calls', async () => {
    const racer = await addStaff(server, 'Rae Racer');
    // Deactivated without its sessions revoked: as if the session was created just after.
    await server.db.pool.query('UPDATE users SET status = 2 WHERE id = $1', [racer.id]);
    for (const url of ['/api/crm/leads', '/api/crm/activities', '/api/crm/staff']) {
      const res = await call('GET', url, racer.token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: SIGNED_OUT_MESSAGE });
    }
  });

  test('every member sees their account and changes their own password with the current one', async () => {
    const me = await call('GET', '/api/users/account', admin.token);
    expect(me.json<AccountAnswer>().user).toMatchObject({ _id: admin.id, email: ADMIN_EMAIL, role: 'admin' });
    const other = (await signIn(ADMIN_EMAIL, ADMIN_PASSWORD)).json<{ token: string }>().token;
    const change = (body: object) => call('POST', '/api/users/account/password', admin.token, body);
    for (const [body, message] of [
      [{ current_password: 'not it at all', password: NEW_PASSWORD, cPassword: NEW_PASSWORD }, CURRENT_PASSWORD_WRONG],
      [{ current_password: ADMIN_PASSWORD, password: NEW_PASSWORD, cPassword: 'different' }, PASSWORD_MISMATCH],
      [{ current_password: ADMIN_PASSWORD, password: 'short', cPassword: 'short' }, 'Password must be at least 8 characters.'],
      [{ password: NEW_PASSWORD, cPassword: NEW_PASSWORD }, 'Please enter your current password.'],
    ] as const) {
      const res = await change(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    const ok = await change({ current_password: ADMIN_PASSWORD, password: NEW_PASSWORD, cPassword: NEW_PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: PASSWORD_CHANGED });
    expect((await call('GET', '/api/crm/leads', admin.token)).statusCode).toBe(200);
    expect((await call('GET', '/api/crm/leads', other)).statusCode).toBe(401);
    expect((await signIn(ADMIN_EMAIL, ADMIN_PASSWORD)).statusCode).toBe(401);
    expect((await signIn(ADMIN_EMAIL, NEW_PASSWORD)).statusCode).toBe(200);
  });

  test('an admin renames anyone, a member renames themselves; both are audited; mails are signed with the new name (issue 31)', async () => {
    const before = await member(counsellor.id);
    const renamed = await call('PATCH', `/api/crm/staff/${counsellor.id}`, admin.token, { version: before.version, name: '  Connie Ng  ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<StaffMember>()).toMatchObject({ name: 'Connie Ng', version: before.version + 1 });
    // A counsellor renames no one else.
    const refused = await call('PATCH', `/api/crm/staff/${admin.id}`, counsellor.token, { version: 1, name: 'Not the admin' });
    expect(refused.statusCode).toBe(403);
    const blank = await call('PATCH', '/api/users/account', counsellor.token, { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ message: 'Please enter the name.' });
    const own = await call('PATCH', '/api/users/account', counsellor.token, { name: 'Connie Ngata' });
    expect(own.statusCode).toBe(200);
    expect(own.json<AccountAnswer>().user.name).toBe('Connie Ngata');
    const { rows } = await server.db.pool.query<{ action: string; actor_id: string | null; details: Record<string, string> }>(
      `SELECT action, trim(actor_id) AS actor_id, details FROM audit_log WHERE action = 'staff.renamed' ORDER BY id`,
    );
    expect(rows).toEqual([
      { action: 'staff.renamed', actor_id: admin.id, details: { target_id: counsellor.id, from: 'Connie Counsellor', to: 'Connie Ng' } },
      { action: 'staff.renamed', actor_id: counsellor.id, details: { target_id: counsellor.id, from: 'Connie Ng', to: 'Connie Ngata' } },
    ]);
    expect(fromNameOf((await member(counsellor.id)).name)).toBe('Connie Ngata, Northbridge College');
  });
});
