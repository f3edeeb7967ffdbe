/**
 * The links in mails that let a person manage their own consent without signing in: a token that
 * names the address, stored nowhere. It is the address sealed with AES-256-GCM under the
 * installation's link key (link-key.ts: random, kept sealed in the database, read once per
 * process), with a synthetic IV (an HMAC of the address), so one address always gets the same
 * token and a token cannot be forged or altered; the address is not readable in the URL. The lead
 * notifier renders 20 confirmations a pass and adds no round trip per lead: making a token is
 * computation only. Tokens never expire (unsubscribe must work for at least 60 days after a mail).
 */
import crypto from 'node:crypto';
import type { Config } from '../config';
import type { Queryable } from '../db/database';
import { loadSecretKeys, type SecretKeySettings } from '../secrets/secret-key';
import { createSecretBox } from '../secrets/secret-box';
import { loadLinkKey } from './link-key';

const IV_BYTES = 12;
const TAG_BYTES = 16;
const AAD = Buffer.from('college-consent-link:v1');

export interface ConsentTokens {
  /** The token of an address (lower-cased first: the same person whatever the case typed). */
  tokenFor(email: string): string;
  /** The address a token names, or null for anything that is not a token we made. */
  addressOf(token: string): string | null;
}

export function consentTokens(linkKey: Buffer): ConsentTokens {
  // Separate keys for the cipher and the IV, derived from the link key.
  const derive = (label: string) => crypto.createHmac('sha256', linkKey).update(`consent-link:${label}`).digest();
  const cipherKey = derive('cipher');
  const ivKey = derive('iv');
  return {
    tokenFor(email) {
      const plain = Buffer.from(email.trim().toLowerCase(), 'utf8');
      const iv = crypto.createHmac('sha256', ivKey).update(plain).digest().subarray(0, IV_BYTES);
      const cipher = crypto.createCipheriv('aes-256-gcm', cipherKey, iv);
      cipher.setAAD(AAD);
      const body = Buffer.concat([cipher.update(plain), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    addressOf(token) {
      if (!/^[A-Za-z0-9_-]{40,700}$/.test(token)) return null;
      const raw = Buffer.from(token, 'base64url');
      if (raw.length <= IV_BYTES + TAG_BYTES) return null;
      try {
        const decipher = crypto.createDecipheriv('aes-256-gcm', cipherKey, raw.subarray(0, IV_BYTES));
        decipher.setAAD(AAD);
        decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
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
export type LinkOrigin = 'inquiry-confirmation' | 'commercial-mail';
export const LINK_ORIGINS: Record<LinkOrigin, string> = {
  'inquiry-confirmation': 'the inquiry confirmation e-mail',
  'commercial-mail': 'a college e-mail',
};

export const CONSENT_PAGE_PATH = '/email-preferences';
export const UNSUBSCRIBE_PATH = '/unsubscribe';

export type LinkSettings = SecretKeySettings & Pick<Config, 'siteUrl'>;

/** The consent page (opt in or withdraw) for an address; the token is a query parameter, redacted from logs. */
export function consentPageUrl(tokens: ConsentTokens, siteUrl: string, email: string, via: LinkOrigin): string {
  return `${siteUrl}${CONSENT_PAGE_PATH}?token=${tokens.tokenFor(email)}&via=${via}`;
}

/** The unsubscribe page, which is also the RFC 8058 one-click address (a POST unsubscribes at once). */
export function unsubscribeUrl(tokens: ConsentTokens, siteUrl: string, email: string): string {
  return `${siteUrl}${UNSUBSCRIBE_PATH}?token=${tokens.tokenFor(email)}`;
}
