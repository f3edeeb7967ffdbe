/**
 * Two-factor sign-in (TOTP): enrolment with the current password and a first code, the code step
 * of sign-in, replay refusal, single-use recovery codes, the challenge's try limit, turning it off,
 * and the college-wide requirement — on both databases.
 */
import { startTestServer, type TestServer } from '../support/server';
import { testDatabaseKinds } from '../support/database';
import { totpCode } from '../support/totp';
import { createUser } from '../../server/auth/users';
import { TWO_FACTOR_SETUP_MESSAGE } from '../../server/auth/guards';
import { CURRENT_PASSWORD_WRONG } from '../../server/auth/current-password';
import {
  CHALLENGE_EXPIRED,
  CODE_WRONG,
  ENABLE_OWN_FIRST,
  REQUIRED_CANNOT_DISABLE,
  SETUP_CODE_WRONG,
} from '../../server/auth/two-factor-routes';

const START_TIMEOUT_MS = 120_000;
const PASSWORD = 'correct horse battery staple';

describe.each(testDatabaseKinds())('two-factor sign-in (%s)', (kind) => {
  let server: TestServer;
  let nextIp = 1;
  const freshIp = () => `10.2.0.${nextIp++}`;

  beforeAll(async () => {
    server = await startTestServer({ kind, listen: false });
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await server?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string | null, payload?: object, ip = '10.2.9.9') =>
    server.app.inject({
      method,
      url,
      remoteAddress: ip,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload ? { payload } : {}),
    });
  const signin = (email: string, ip = freshIp()) => call('POST', '/api/users/signin', null, { email, password: PASSWORD }, ip);
  const sendCode = (challenge: string, code: string, ip = freshIp()) =>
    call('POST', '/api/users/signin/two-factor', null, { challenge, code }, ip);

  /** A fresh account, signed in without a second factor: its e-mail and token. */
  async function newAccount(): Promise<{ email: string; token: string }> {
    const email = `staff${nextIp++}@test.example`;
    await createUser(server.db.pool, { email, name: 'Test Staff', password: PASSWORD });
    const res = await signin(email);
    expect(res.statusCode).toBe(200);
    return { email, token: res.json().token };
  }

  /** Turns two-factor on for the account: its secret and recovery codes. */
  async function enrol(token: string): Promise<{ secret: string; recoveryCodes: string[] }> {
    const setup = await call('POST', '/api/users/two-factor/setup', token, { password: PASSWORD });
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json();
    const confirm = await call('POST', '/api/users/two-factor/confirm', token, { code: totpCode(secret) });
    expect(confirm.statusCode).toBe(200);
    return { secret, recoveryCodes: confirm.json().recoveryCodes };
  }

  test('set-up needs the current password and gives a secret, an otpauth URI and a QR code', async () => {
    const { email, token } = await newAccount();
    const wrong = await call('POST', '/api/users/two-factor/setup', token, { password: 'not it at all' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: CURRENT_PASSWORD_WRONG });
    const res = await call('POST', '/api/users/two-factor/setup', token, { password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.otpauthUri).toContain(`otpauth://totp/`);
    expect(decodeURIComponent(body.otpauthUri)).toContain(email);
    expect(body.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(body.qrCode.split(',')[1], 'base64').toString()).toContain('<svg');
    // Not active until confirmed: sign-in still needs only the password.
    expect((await signin(email)).json().token).toBeDefined();
    expect((await call('GET', '/api/users/two-factor', token)).json()).toEqual({
      enabled: false,
      required: false,
      recoveryCodesLeft: 0,
      canSetRequirement: true,
    });
  });

  test('a wrong first code does not turn it on; the right one does and returns ten recovery codes', async () => {
    const { token } = await newAccount();
    const { secret } = (await call('POST', '/api/users/two-factor/setup', token, { password: PASSWORD })).json();
    const wrong = await call('POST', '/api/users/two-factor/confirm', token, { code: '000000' === totpCode(secret) ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: SETUP_CODE_WRONG });
    const res = await call('POST', '/api/users/two-factor/confirm', token, { code: totpCode(secret) });
    expect(res.statusCode).toBe(200);
    const codes: string[] = res.json().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    codes.forEach((code) => expect(code).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/));
    expect((await call('GET', '/api/users/two-factor', token)).json()).toEqual({
      enabled: true,
      required: false,
      recoveryCodesLeft: 10,
      canSetRequirement: true,
    });
    // Stored hashed only.
    const { rows } = await server.db.pool.query<{ code_hash: Buffer }>('SELECT code_hash FROM recovery_codes');
    expect(rows.some((row) => codes.some((code) => row.code_hash.toString().includes(code.replace('-', ''))))).toBe(false);
  });

  test('sign-in asks for the code after the password; the code gives the session and works only once', async () => {
    const { email, token } = await newAccount();
    const { secret } = await enrol(token);
    const first = await signin(email);
    expect(first.statusCode).toBe(200);
    const challenge = first.json();
    expect(challenge).toEqual({
      message: 'Enter the 6-digit code from your authenticator app.',
      twoFactorRequired: true,
      challenge: expect.any(String),
    });
    expect(first.body).not.toContain('token');
    const wrong = await sendCode(challenge.challenge, '12345');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: CODE_WRONG });
    // The next step's code: the enrolment used the current one, which is spent.
    const code = totpCode(secret, 1);
    const ok = await sendCode(challenge.challenge, code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ message: 'Login successful', token: expect.any(String), user: { email } });
    expect((await call('GET', '/api/users/me', ok.json().token)).statusCode).toBe(200);
    // The challenge is gone, and the same code on a new challenge is a replay.
    expect((await sendCode(challenge.challenge, code)).json()).toEqual({ message: CHALLENGE_EXPIRED, challengeExpired: true });
    const again = (await signin(email)).json();
    expect((await sendCode(again.challenge, code)).statusCode).toBe(401);
  });

  test('a recovery code signs in once, in any case and with or without its dash', async () => {
    const { email, token } = await newAccount();
    const { recoveryCodes } = await enrol(token);
    const code = recoveryCodes[3] as string;
    const first = (await signin(email)).json();
    const ok = await sendCode(first.challenge, ` ${code.toUpperCase().replace('-', '')} `);
    expect(ok.statusCode).toBe(200);
    const second = (await signin(email)).json();
    expect((await sendCode(second.challenge, code)).json()).toEqual({ message: CODE_WRONG });
    expect((await call('GET', '/api/users/two-factor', ok.json().token)).json().recoveryCodesLeft).toBe(9);
  });

  test('a challenge allows five codes, then the password must be given again; unknown challenges are refused', async () => {
    const { email, token } = await newAccount();
    const { secret } = await enrol(token);
    const { challenge } = (await signin(email)).json();
    for (let i = 0; i < 5; i += 1) expect((await sendCode(challenge, '999999')).statusCode).toBe(401);
    const late = await sendCode(challenge, totpCode(secret, 1));
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual({ message: CHALLENGE_EXPIRED, challengeExpired: true });
    expect((await sendCode('x'.repeat(43), '123456')).json()).toEqual({ message: CHALLENGE_EXPIRED, challengeExpired: true });
    expect((await call('POST', '/api/users/signin/two-factor', null, { code: '123456' })).statusCode).toBe(400);
  });

  test("turning it on ends the account's other sessions, but not the one that did it", async () => {
    const { email, token } = await newAccount();
    const other = (await signin(email)).json().token;
    await enrol(token);
    expect((await call('GET', '/api/users/me', other)).statusCode).toBe(401);
    expect((await call('GET', '/api/users/me', token)).statusCode).toBe(200);
  });

  test('turning it off needs the password; afterwards sign-in needs the password alone', async () => {
    const { email, token } = await newAccount();
    await enrol(token);
    expect((await call('POST', '/api/users/two-factor/disable', token, { password: 'wrong password' })).statusCode).toBe(400);
    const off = await call('POST', '/api/users/two-factor/disable', token, { password: PASSWORD });
    expect(off.statusCode).toBe(200);
    expect((await signin(email)).json().token).toBeDefined();
    const { rows } = await server.db.pool.query('SELECT 1 FROM recovery_codes r JOIN users u ON u.id = r.user_id WHERE u.email = $1', [
      email,
    ]);
    expect(rows).toHaveLength(0);
  });

  test('required for everyone: accounts without it may only set it up, and nobody can turn it off', async () => {
    const admin = await newAccount();
    const refused = await call('PUT', '/api/users/two-factor/policy', admin.token, { required: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: ENABLE_OWN_FIRST });
    await enrol(admin.token);
    const on = await call('PUT', '/api/users/two-factor/policy', admin.token, { required: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ enabled: true, required: true });
    try {
      const counsellor = await newAccount();
      const answer = (await signin(counsellor.email)).json();
      expect(answer.twoFactorSetupRequired).toBe(true);
      const leads = await call('GET', '/api/crm/leads', counsellor.token);
      expect(leads.statusCode).toBe(403);
      expect(leads.json()).toEqual({ message: TWO_FACTOR_SETUP_MESSAGE, twoFactorSetupRequired: true });
      expect((await call('GET', '/api/users/two-factor', counsellor.token)).statusCode).toBe(200);
      await enrol(counsellor.token);
      expect((await call('GET', '/api/crm/leads', counsellor.token)).statusCode).toBe(200);
      const disable = await call('POST', '/api/users/two-factor/disable', counsellor.token, { password: PASSWORD });
      expect(disable.statusCode).toBe(409);
      expect(disable.json()).toEqual({ message: REQUIRED_CANNOT_DISABLE });
    } finally {
      await call('PUT', '/api/users/two-factor/policy', admin.token, { required: false });
    }
  });

  test('only an admin may require it of everyone; a counsellor gets 403', async () => {
    const counsellor = await newAccount();
    await server.db.pool.query("UPDATE users SET role = 'counsellor' WHERE email = $1", [counsellor.email]);
    await enrol(counsellor.token);
    const res = await call('PUT', '/api/users/two-factor/policy', counsellor.token, { required: true });
    expect(res.statusCode).toBe(403);
    expect((await call('GET', '/api/users/two-factor', counsellor.token)).json().canSetRequirement).toBe(false);
  });

  test('signed out, every two-factor setting answers 401', async () => {
    for (const [method, url] of [
      ['GET', '/api/users/two-factor'],
      ['POST', '/api/users/two-factor/setup'],
      ['POST', '/api/users/two-factor/confirm'],
      ['POST', '/api/users/two-factor/disable'],
      ['PUT', '/api/users/two-factor/policy'],
    ] as const) {
      expect((await call(method, url, null, {})).statusCode).toBe(401);
    }
  });
});
