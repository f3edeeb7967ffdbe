/**
 * Issue 21, defect 2: the last admin is an active admin who has set a password. A pending invitee
 * does not count (the invitation may expire, leaving nobody able to administer the CRM), and the
 * rule holds when two admins demote each other at the same moment: exactly one succeeds, the
 * other gets 409.
 */
import { startTestServer, type TestServer } from '../support/server';
import { bothDatabaseKinds } from '../support/database';
import { startSmtpSink, type SmtpSink } from '../support/smtp';
import { addStaff, userIdByEmail, type TestStaff } from '../support/crm-staff';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/staff';
import type { Transaction } from '../../server/db/database';
import type { StaffMember } from '../../src/crm-contract';
import { LAST_ADMIN_MESSAGE } from '../../server/staff/staff-changes';

const START_TIMEOUT_MS = 120_000;
const INVITEE_PASSWORD = 'walnut glacier tambourine 64';

describe.each(bothDatabaseKinds())('the last admin (%s)', (kind) => {
  let server: TestServer;
  let sink: SmtpSink;
  let admin: TestStaff;

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: object) =>
    server.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
  const versionOf = async (id: string) => {
    const list = (await call('GET', '/api/crm/staff', admin.token)).json<{ staff: StaffMember[] }>().staff;
    return (list.find((m) => m._id === id) as StaffMember).version;
  };
  const change = async (by: TestStaff, id: string, body: object) =>
    call('PATCH', `/api/crm/staff/${id}`, by.token, { ...body, version: await versionOf(id) });

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestServer({ kind, listen: false, env: { SMTP_URL: sink.url } });
    const signin = await server.app.inject({
      method: 'POST',
      url: '/api/users/signin',
      payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    admin = {
      id: await userIdByEmail(server, ADMIN_EMAIL),
      name: 'Admin',
      email: ADMIN_EMAIL,
      token: signin.json<{ token: string }>().token,
    };
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await server?.close();
    await sink?.close();
  });

  test('a pending invitee does not count: with one real admin, demotion and deactivation stay 409 until the invitee sets a password', async () => {
    const invite = await call('POST', '/api/crm/staff', admin.token, { name: 'Ivan Invitee', email: 'ivan@test.example', role: 'admin' });
    expect(invite.statusCode).toBe(201);
    const invitee = invite.json<StaffMember>();
    for (const body of [{ role: 'counsellor' }, { status: 2 }]) {
      const res = await change(admin, admin.id, body);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: LAST_ADMIN_MESSAGE });
    }
    // Demoting or deactivating the invitee itself is fine: it never held admin rights.
    expect((await change(admin, invitee._id, { role: 'counsellor' })).statusCode).toBe(200);
    expect((await change(admin, invitee._id, { role: 'admin' })).statusCode).toBe(200);

    // Once the invitee has chosen a password, there are two real admins.
    await server.ctx.leadLife.settle();
    await server.ctx.mailer.flush();
    const raw = (await sink.waitForMail('ivan@test.example')).raw.replace(/=\r?\n/g, '');
    const [, userId, token] = /\/crm\/welcome\/([0-9a-f]{24})\/([A-Za-z0-9_-]+)/.exec(raw) as RegExpExecArray;
    const accepted = await server.app.inject({
      method: 'POST',
      url: `/api/users/reset-password/${userId}/${token}`,
      payload: { password: INVITEE_PASSWORD, cPassword: INVITEE_PASSWORD },
    });
    expect(accepted.statusCode).toBe(200);
    const demoted = await change(admin, admin.id, { role: 'counsellor' });
    expect(demoted.statusCode).toBe(200);
    // Back to how it was, by the other admin.
    const signin = await server.app.inject({
      method: 'POST',
      url: '/api/users/signin',
      payload: { email: 'ivan@test.example', password: INVITEE_PASSWORD },
    });
    const ivan: TestStaff = { id: invitee._id, name: 'Ivan', email: 'ivan@test.example', token: signin.json<{ token: string }>().token };
    expect((await change(ivan, admin.id, { role: 'admin' })).statusCode).toBe(200);
    expect((await change(admin, ivan.id, { status: 2 })).statusCode).toBe(200);
  });

  test('two admins demoting each other at once: exactly one succeeds, the other gets 409', async () => {
    const db = server.ctx.db;
    const transaction = db.transaction;
    const original = transaction.bind(db);
    // Only the two staff changes meet at the barrier: background passes (the job queue, the events
    // pass) open transactions of their own at any moment and go straight through. (Told apart by
    // the caller: an AsyncLocalStorage context does not survive Fastify's inject.)
    const isStaffChange = () => new Error().stack?.includes('changeStaff') === true;
    for (let round = 0; round < 5; round += 1) {
      const other = await addStaff(server, `Olga Other ${round}`, 'admin');
      const [adminVersion, otherVersion] = [await versionOf(admin.id), await versionOf(other.id)];
      // Both requests are past their guards and checks and open their transactions together: a real
      // race (on PostgreSQL two connections at once), not two requests that ran one after the other.
      const arrived: (() => void)[] = [];
      db.transaction = async <T>(work: (tx: Transaction) => Promise<T>): Promise<T> => {
        if (arrived.length < 2 && isStaffChange()) {
          await new Promise<void>((resolve) => {
            arrived.push(resolve);
            if (arrived.length === 2) for (const go of arrived) go();
          });
        }
        return original(work);
      };
      let answers;
      try {
        answers = await Promise.all([
          call('PATCH', `/api/crm/staff/${other.id}`, admin.token, { role: 'counsellor', version: otherVersion }),
          call('PATCH', `/api/crm/staff/${admin.id}`, other.token, { role: 'counsellor', version: adminVersion }),
        ]);
      } finally {
        db.transaction = transaction;
      }
      const statuses = answers.map((res) => res.statusCode).sort();
      expect(statuses).toEqual([200, 409]);
      expect(answers.find((res) => res.statusCode === 409)?.json()).toEqual({ message: LAST_ADMIN_MESSAGE });
      const { rows } = await server.db.pool.query<{ n: string }>(
        `SELECT count(*) AS n FROM users WHERE role = 'admin' AND status = 1 AND password_set`,
      );
      expect(Number(rows[0]?.n)).toBe(1);
      // Whoever is left as admin restores the configured admin and retires the other.
      const winner = answers[0]?.statusCode === 200 ? admin : other;
      if (winner === other) expect((await change(other, admin.id, { role: 'admin' })).statusCode).toBe(200);
      expect((await change(admin, other.id, { role: 'counsellor', status: 2 })).statusCode).toBe(200);
    }
  });
});
