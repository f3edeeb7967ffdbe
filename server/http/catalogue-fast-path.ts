/**
 * The busiest reads — the course lists every page and every embedded widget asks for — are
 * answered straight from the in-memory catalogue on the raw Node request (see fast-paths.ts).
 *
 * Only exact URLs the catalogue read path (catalogue/public-read.ts) answers 200 for are taken
 * here, with exactly the headers the Fastify route sends. Anything else — a bad parameter, an
 * unknown slug, an extra query field, another method — goes on to Fastify, which validates it and
 * answers with its usual messages.
 */
import type { Catalogue } from '../catalogue/catalogue';
import { readCatalogue } from '../catalogue/public-read';
import { PUBLIC_API_BASE } from '../../src/public-api';
import { PUBLIC_CORS_HEADERS } from './cors';
import { BASE_SECURITY_HEADERS } from './security-headers';
import { writeRepresentation, type HeaderProfile } from './send-representation';
import type { FastPath } from './fast-paths';

const API_PREFIX = `${PUBLIC_API_BASE}/`;

/** What the CORS and security hooks add to a public API answer. */
const API_PROFILE: HeaderProfile = {
  headersFor: () => ({ ...PUBLIC_CORS_HEADERS, ...BASE_SECURITY_HEADERS, 'Cross-Origin-Resource-Policy': 'same-origin' }),
};

/** The catalogue fast path, for serverWithFastPaths. */
export const catalogueFastPath =
  (catalogue: Catalogue): FastPath =>
  (req, res) => {
    const { method, url } = req;
    if ((method !== 'GET' && method !== 'HEAD') || !url?.startsWith(API_PREFIX)) return false;
    const read = readCatalogue(catalogue, url.slice(PUBLIC_API_BASE.length));
    if (read.status !== 200) return false;
    writeRepresentation(req, res, read.answer, API_PROFILE);
    return true;
  };
