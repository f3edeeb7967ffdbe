/**
 * Time-based one-time codes (RFC 6238: SHA-1, 6 digits, 30 s), as every authenticator app reads
 * them, through the `otpauth` library. A code is accepted for the previous, current and next time
 * step (clock drift) and only for a step later than the last one accepted, so an overheard code
 * cannot be replayed.
 */
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { COLLEGE } from '../../src/college';

export const TOTP_PERIOD_SECONDS = 30;
/** Steps either side of now that still count (±30 s of clock drift). */
const DRIFT_STEPS = 1;

function totpFor(secretBase32: string, label = 'staff'): TOTP {
  return new TOTP({
    issuer: `${COLLEGE.shortName} CRM`,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new shared secret: 160 random bits (RFC 4226's recommended size), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function totpUri(secretBase32: string, email: string): string {
  return totpFor(secretBase32, email).toString();
}

/** The URI as a QR code, an SVG data URL for an <img> (CSP allows data: images). */
export async function totpQrDataUrl(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** Codes are typed with spaces or dashes sometimes ("123 456"); only the digits count. */
export function normalizeTotpCode(code: string): string {
  return code.replace(/[\s-]/g, '');
}

/**
 * The time step of a valid code that is newer than `lastStep`, or null: wrong, too old, or
 * already used.
 */
export function acceptTotpCode(secretBase32: string, code: string, lastStep: number, now = Date.now()): number | null {
  const digits = normalizeTotpCode(code);
  if (!/^\d{6}$/.test(digits)) return null;
  const totp = totpFor(secretBase32);
  const delta = totp.validate({ token: digits, timestamp: now, window: DRIFT_STEPS });
  if (delta === null) return null;
  const step = totp.counter({ timestamp: now }) + delta;
  return step > lastStep ? step : null;
}
