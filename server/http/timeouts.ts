/**
 * Server-side time limits, so a slow or stalled client cannot hold a connection or a request
 * open for ever (slowloris and the like). Applied to the HTTP server the catalogue fast path
 * creates (Fastify only sets them on servers it creates itself).
 */
import type http from 'node:http';

/** The request line and headers must arrive within this (Node's default is 60 s). */
export const HEADERS_TIMEOUT_MS = 10_000;
/** A whole request, body included, must arrive within this. */
export const REQUEST_TIMEOUT_MS = 30_000;
/** A socket with no traffic at all is closed after this. */
export const SOCKET_IDLE_TIMEOUT_MS = 60_000;
/** An idle keep-alive connection is kept this long (longer than common proxies' 60 s). */
export const KEEP_ALIVE_TIMEOUT_MS = 72_000;

/** How often Node checks the two limits above (its default, 30 s, would let them run long). */
export const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

export const SERVER_OPTIONS: http.ServerOptions = { connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS };

export function applyServerTimeouts(server: http.Server): void {
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.setTimeout(SOCKET_IDLE_TIMEOUT_MS);
}
