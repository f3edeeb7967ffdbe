/**
 * Which proxies may tell us the client's address (TRUST_PROXY). Never "trust every hop": the
 * leftmost X-Forwarded-For entry is written by the client, and trusting it would let anyone
 * pick the address the sign-in throttle and the lead limit count against.
 *   TRUST_PROXY=1                 one proxy in front: the client is the address it appended
 *   TRUST_PROXY=2                 two proxies (a CDN, then a load balancer), and so on
 *   TRUST_PROXY=10.0.0.5,10.1.0.0/16   the proxies' own addresses or networks
 */
import net from 'node:net';

/** What Fastify's `trustProxy` takes: a hop count, a list of addresses/CIDRs, or false. */
export type TrustedProxies = number | string[] | false;

export const TRUST_PROXY_HELP =
  'TRUST_PROXY must be a number of proxy hops (e.g. 1) or a comma-separated list of proxy addresses or CIDR networks.';

function isAddressOrNetwork(entry: string): boolean {
  const [address, prefix, extra] = entry.split('/');
  if (extra !== undefined || !address || !net.isIP(address)) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (net.isIPv4(address) ? 32 : 128);
}

export function parseTrustProxy(value: string | undefined): TrustedProxies {
  const text = value?.trim() ?? '';
  if (text === '' || text === '0' || text === 'false') return false;
  // The old boolean form meant "one load balancer in front": keep that meaning, as one hop.
  if (text === 'true') return 1;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0 || !entries.every(isAddressOrNetwork)) throw new Error(TRUST_PROXY_HELP);
  return entries;
}

/**
 * Fastify's `trustProxy` option. A hop count becomes the function Fastify itself would build
 * (its typings do not list the number form): trust the socket peer and the next n-1 entries.
 */
export function fastifyTrustProxy(trusted: TrustedProxies): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trusted !== 'number') return trusted;
  return (_address, hop) => hop < trusted;
}
