/** The TOTP rules at fixed clocks: ±1 step of drift, nothing older or newer, and each step once. */
import { Secret, TOTP } from 'otpauth';
import { acceptTotpCode, newTotpSecret, TOTP_PERIOD_SECONDS } from '../../server/auth/totp';
import { looksLikeRecoveryCode, normalizeRecoveryCode } from '../../server/auth/recovery-codes';

const secret = newTotpSecret();
const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: TOTP_PERIOD_SECONDS, algorithm: 'SHA1' });
const NOW = Date.UTC(2026, 10, 24, 12, 0, 10);
const codeAt = (steps: number) => totp.generate({ timestamp: NOW + steps * TOTP_PERIOD_SECONDS * 1000 });
const step = totp.counter({ timestamp: NOW });

test('the current code and those one step either side are accepted, with their own step', () => {
  expect(acceptTotpCode(secret, codeAt(0), 0, NOW)).toBe(step);
  expect(acceptTotpCode(secret, codeAt(-1), 0, NOW)).toBe(step - 1);
  expect(acceptTotpCode(secret, codeAt(1), 0, NOW)).toBe(step + 1);
  expect(acceptTotpCode(secret, ` ${codeAt(0).slice(0, 3)} ${codeAt(0).slice(3)} `, 0, NOW)).toBe(step);
});

test('codes two steps away, malformed codes and already used steps are refused', () => {
  for (const far of [-2, 2]) {
    if (codeAt(far) !== codeAt(0) && codeAt(far) !== codeAt(1) && codeAt(far) !== codeAt(-1)) {
      expect(acceptTotpCode(secret, codeAt(far), 0, NOW)).toBeNull();
    }
  }
  expect(acceptTotpCode(secret, '12345', 0, NOW)).toBeNull();
  expect(acceptTotpCode(secret, 'abcdef', 0, NOW)).toBeNull();
  expect(acceptTotpCode(secret, codeAt(0), step, NOW)).toBeNull();
  expect(acceptTotpCode(secret, codeAt(-1), step, NOW)).toBeNull();
});

test('secrets are 160 bits and differ every time', () => {
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(newTotpSecret()).not.toBe(secret);
});

test('recovery codes compare without case, spaces or dashes; anything else is not one', () => {
  expect(normalizeRecoveryCode(' AB3DE-fg7hk ')).toBe('ab3defg7hk');
  expect(looksLikeRecoveryCode('ab3de-fg7hk')).toBe(true);
  expect(looksLikeRecoveryCode('123456')).toBe(false);
  expect(looksLikeRecoveryCode('ab3de-fg7hk-x')).toBe(false);
});
