import { parseOptions } from '@node-rs/argon2';
import {
  generatePassword,
  hashPassword,
  passwordProblem,
  PASSWORD_TOO_LONG,
  PASSWORD_TOO_SHORT,
  verifyAgainstDummy,
  verifyPassword,
} from '../../server/auth/passwords';
import { PASSWORD_TOO_COMMON } from '../../server/auth/password-strength';

describe('password hashing', () => {
  test('argon2id at the OWASP parameters (m = 19 MiB, t = 2, p = 1), salted', async () => {
    const first = await hashPassword('a long enough secret');
    const second = await hashPassword('a long enough secret');
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const options = parseOptions(first);
    expect(options).toMatchObject({ memoryCost: 19456, timeCost: 2, parallelism: 1, algorithm: 2 });
    expect(options.saltLen).toBeGreaterThanOrEqual(16);
    expect(first).not.toBe(second);
  });

  test('verifies the right password only, and never throws on a damaged hash', async () => {
    const stored = await hashPassword('right password');
    expect(await verifyPassword(stored, 'right password')).toBe(true);
    expect(await verifyPassword(stored, 'wrong password')).toBe(false);
    expect(await verifyPassword('not a hash', 'right password')).toBe(false);
    expect(await verifyPassword('', '')).toBe(false);
  });

  test('an unknown account costs the same argon2 work as a wrong password', async () => {
    const stored = await hashPassword('right password');
    await verifyAgainstDummy('warm-up'); // the dummy hash is made once, lazily
    const time = async (work: () => Promise<unknown>) => {
      const started = process.hrtime.bigint();
      await work();
      return Number(process.hrtime.bigint() - started) / 1e6;
    };
    // Interleaved, and the fastest of each: a busy moment (CI runs browser suites beside this) slows
    // one run, not the least a kind of work can cost. A mean of five in a row once read 232 ms
    // against 48 ms.
    let real = Infinity;
    let dummy = Infinity;
    for (let round = 0; round < 7; round += 1) {
      real = Math.min(real, await time(() => verifyPassword(stored, 'wrong password')));
      dummy = Math.min(dummy, await time(() => verifyAgainstDummy('wrong password')));
    }
    expect(await verifyAgainstDummy('anything')).toBe(false);
    // Loose bounds: the machine may be busy. Skipping the dummy work would make it ~0 ms.
    expect(dummy).toBeGreaterThan(real * 0.25);
    expect(dummy).toBeLessThan(real * 4);
  });

  test('new passwords: at least 8 characters, at most 128, long passphrases welcome', () => {
    expect(passwordProblem('1234567')).toBe(PASSWORD_TOO_SHORT);
    expect(PASSWORD_TOO_SHORT).toBe('Password must be at least 8 characters.');
    expect(passwordProblem('Quartz-Harbor-71')).toBeNull();
    const longPassphrase = 'the river bends twice before the old mill, then runs north to the lake';
    expect(longPassphrase.length).toBeGreaterThanOrEqual(64);
    expect(passwordProblem(longPassphrase)).toBeNull();
    expect(passwordProblem(`${longPassphrase} and on and on`.padEnd(128, '.'))).toBeNull();
    expect(passwordProblem('x'.repeat(129))).toBe(PASSWORD_TOO_LONG);
  });

  test.each(['password', 'Password1', 'qwertyuiop', '12345678', 'iloveyou2', 'xxxxxxxxxxxxxxxx'])(
    'common or guessable passwords are refused with a clear message: %s',
    (weak) => {
      expect(passwordProblem(weak)).toBe(PASSWORD_TOO_COMMON);
    },
  );

  test("a password built from the account's own e-mail or name is refused", () => {
    expect(passwordProblem('margaret.oduya@college.example', ['margaret.oduya@college.example', 'Margaret Oduya'])).toBe(
      PASSWORD_TOO_COMMON,
    );
    expect(passwordProblem('MargaretOduya', ['m.o@college.example', 'Margaret Oduya'])).toBe(PASSWORD_TOO_COMMON);
  });

  test('generated passwords are long and random', () => {
    const seen = new Set(Array.from({ length: 50 }, generatePassword));
    expect(seen.size).toBe(50);
    for (const password of seen) {
      expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
      expect(passwordProblem(password)).toBeNull();
    }
  });
});
