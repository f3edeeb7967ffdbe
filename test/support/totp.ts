/** Codes as an authenticator app computes them, for tests that sign in with two-factor. */
import { Secret, TOTP } from 'otpauth';

/** The code for `secret` at `offsetSteps` steps from now (1 = the next 30-second step). */
export function totpCode(secret: string, offsetSteps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  return totp.generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}
