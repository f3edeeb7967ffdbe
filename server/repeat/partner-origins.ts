/**
 * Which lead origins the CRM shows as known (issue 35): this site's own and those on
 * PARTNER_ORIGINS. The origin is what the request's `Origin` (or `Referer`) said, and any program
 * can send any value, so every other origin is shown as reported by the browser, not as a fact;
 * a listed one is a site the college knows, named by a request that could still have been forged.
 */
import type { Config } from '../config';

export type KnownOrigins = ReadonlySet<string>;

export function knownOrigins(config: Pick<Config, 'siteUrl' | 'partnerOrigins'>): KnownOrigins {
  return new Set([new URL(config.siteUrl).origin, ...config.partnerOrigins]);
}
