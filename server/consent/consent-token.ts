/**
 * The links in mails that let a person manage their own consent without signing in: a token that
 * names the address, its purpose and its expiry, stored nowhere. It is sealed with AES-256-GCM
 * under a key derived from the installation's link key (link-key.ts: random, kept sealed in the
 * database, read once per process), with a random IV: every mail gets a token of its own, which
 * cannot be forged, altered or read (the address is not visible in the URL). Making one is
 * computation only, so the lead notifier adds no round trip per lead.
 *
 * Purposes (issue 35): a `consent` link (the inquiry confirmation's, a registration's "keep me
 * informed") may opt in or withdraw for CONSENT_LINK_DAYS; an `unsubscribe` link (every commercial
 * mail's footer and List-Unsubscribe header) may only withdraw, for UNSUBSCRIBE_LINK_DAYS (CASL asks
 * for at least 60). Version 1 tokens (one per address, no expiry, in mails sent before) still
 * withdraw, and can no longer opt in.
 */
import crypto from 'node:crypto';
import type { Config } from '../config';
import type { Queryable } from '../db/database';
import { loadSecretKeys, type SecretKeySettings } from '../secrets/secret-key';
import { createSecretBox } from '../secrets/secret-box';
import { loadLinkKey } from './link-key';

const IV_BYTES = 12;
const TAG_BYTES = 16;
const V1_AAD = Buffer.from('college-consent-link:v1');
const V2_AAD = Buffer.from('college-consent-link:v2');
const V2_MARK = 2;
const DAY_MS = 24 * 3600 * 1000;

export type LinkPurpose = 'consent' | 'unsubscribe';
export const CONSENT_LINK_DAYS = 30;
export const UNSUBSCRIBE_LINK_DAYS = 90;
const LINK_DAYS: Record<LinkPurpose, number> = { consent: CONSENT_LINK_DAYS, unsubscribe: UNSUBSCRIBE_LINK_DAYS };

/** What a valid token says. `legacy`: a version 1 token (withdrawal only, no expiry). */
export interface LinkClaim {
  email: string;
  purpose: LinkPurpose | 'legacy';
  expiresAt: Date | null;
}

/** A token that was made by us, or why it cannot be used. */
export type LinkReading = { ok: true; claim: LinkClaim } | { ok: false; reason: 'invalid' | 'expired' };

export interface ConsentTokens {
  /** A new token for an address (lower-cased first) and purpose, with when it stops working. */
  tokenFor(email: string, purpose: LinkPurpose, now?: Date): { token: string; expiresAt: Date };
  read(token: string, now?: Date): LinkReading;
}

/** Whether a claim may record an opt-in (express consent needs a consent link, still valid). */
export const mayOptIn = (claim: LinkClaim): boolean => claim.purpose === 'consent';

function open(key: Buffer, aad: Buffer, iv: Buffer, tag: Buffer, body: Buffer): string | null {
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAAD(aad);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

export function consentTokens(linkKey: Buffer): ConsentTokens {
  // Separate keys for the cipher and the (version 1) IV, derived from the link key.
  const derive = (label: string) => crypto.createHmac('sha256', linkKey).update(`consent-link:${label}`).digest();
  const cipherKey = derive('cipher');
  const readV2 = (raw: Buffer, now: Date): LinkReading | null => {
    if (raw[0] !== V2_MARK || raw.length <= 1 + IV_BYTES + TAG_BYTES) return null;
    const plain = open(
      cipherKey,
      V2_AAD,
      raw.subarray(1, 1 + IV_BYTES),
      raw.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES),
      raw.subarray(1 + IV_BYTES + TAG_BYTES),
    );
    const [purpose, expires, ...rest] = plain?.split('\n') ?? [];
    if (plain === null || (purpose !== 'consent' && purpose !== 'unsubscribe') || rest.length !== 1) return null;
    const expiresAt = new Date(Number(expires) * 1000);
    if (!(expiresAt.getTime() > now.getTime())) return { ok: false, reason: 'expired' };
    return { ok: true, claim: { email: rest[0]!, purpose, expiresAt } };
  };
  return {
    tokenFor(email, purpose, now = new Date()) {
      const expiresAt = new Date(now.getTime() + LINK_DAYS[purpose] * DAY_MS);
      const plain = Buffer.from(`${purpose}\n${Math.floor(expiresAt.getTime() / 1000)}\n${email.trim().toLowerCase()}`, 'utf8');
      const iv = crypto.randomBytes(IV_BYTES);
      const cipher = crypto.createCipheriv('aes-256-gcm', cipherKey, iv);
      cipher.setAAD(V2_AAD);
      const body = Buffer.concat([cipher.update(plain), cipher.final()]);
      const token = Buffer.concat([Buffer.from([V2_MARK]), iv, cipher.getAuthTag(), body]).toString('base64url');
      return { token, expiresAt };
    },
    read(token, now = new Date()) {
      if (!/^[A-Za-z0-9_-]{40,700}$/.test(token)) return { ok: false, reason: 'invalid' };
      const raw = Buffer.from(token, 'base64url');
      const v2 = readV2(raw, now);
      if (v2) return v2;
      if (raw.length <= IV_BYTES + TAG_BYTES) return { ok: false, reason: 'invalid' };
      const email = open(
        cipherKey,
        V1_AAD,
        raw.subarray(0, IV_BYTES),
        raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES),
        raw.subarray(IV_BYTES + TAG_BYTES),
      );
      return email === null ? { ok: false, reason: 'invalid' } : { ok: true, claim: { email, purpose: 'legacy', expiresAt: null } };
    },
  };
}

/**
 * The tokens of an installation, loaded once per process and secrets key (commercialMail gets
 * only the Config and any client; test servers in one process each have a key of their own). A
 * failed load (database down) is not kept: the next call tries again.
 */
const cache = new Map<string, Promise<ConsentTokens>>();
export function linkTokens(db: Queryable, config: SecretKeySettings): Promise<ConsentTokens> {
  const id = JSON.stringify([config.secretsKey, config.secretsKeyPrevious, config.secretsKeyFile, config.dataDir]);
  let tokens = cache.get(id);
  if (!tokens) {
    tokens = loadLinkKey(db, createSecretBox(loadSecretKeys(config))).then(consentTokens);
    tokens.catch(() => cache.delete(id));
    cache.set(id, tokens);
  }
  return tokens;
}

/** Where a link came from, recorded with what the person did. */
export type LinkOrigin = 'inquiry-confirmation' | 'commercial-mail' | 'event-registration';
export const LINK_ORIGINS: Record<LinkOrigin, string> = {
  'inquiry-confirmation': 'the inquiry confirmation e-mail',
  'commercial-mail': 'a college e-mail',
  'event-registration': 'an event registration e-mail',
};

export const CONSENT_PAGE_PATH = '/email-preferences';
export const UNSUBSCRIBE_PATH = '/unsubscribe';

export type LinkSettings = SecretKeySettings & Pick<Config, 'siteUrl'>;

/** A link in a mail and when it stops working (the mail is queued sealed until then: mail-queue.ts). */
export interface MailLink {
  url: string;
  expiresAt: Date;
}

/** The consent page (opt in or withdraw) for an address; the token is a query parameter, redacted from logs. */
export function consentPageUrl(tokens: ConsentTokens, siteUrl: string, email: string, via: LinkOrigin, now?: Date): MailLink {
  const { token, expiresAt } = tokens.tokenFor(email, 'consent', now);
  return { url: `${siteUrl}${CONSENT_PAGE_PATH}?token=${token}&via=${via}`, expiresAt };
}

/** The unsubscribe page, which is also the RFC 8058 one-click address (a POST unsubscribes at once). */
export function unsubscribeUrl(tokens: ConsentTokens, siteUrl: string, email: string, now?: Date): MailLink {
  const { token, expiresAt } = tokens.tokenFor(email, 'unsubscribe', now);
  return { url: `${siteUrl}${UNSUBSCRIBE_PATH}?token=${token}`, expiresAt };
}
