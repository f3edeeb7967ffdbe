/**
 * Answers taken on the raw Node request, before Fastify routes it. Why: on one core of this
 * machine Fastify's request pipeline alone tops out near 20k req/s while nginx serves the same
 * bytes at ~47k, and the budget (docs/benchmarks.md) is half of nginx. Each fast path answers only what it
 * holds in memory, with exactly the headers its Fastify route sends, and returns false for
 * anything else, which Fastify then validates and answers as usual. Fast answers are not in the
 * request log or the per-route request metrics (they are reads of cached bytes); they are counted.
 */
import http, { type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import { applyServerTimeouts, SERVER_OPTIONS } from './timeouts';
import { pinClientAddresses } from './client-address';

/** Answers the request and returns true, or leaves it untouched and returns false. */
export type FastPath = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * A Fastify `serverFactory` trying `paths` in order, then Fastify. The list is read per request,
 * so modules registered after the server is built (the front end) can add theirs. `answered` is
 * called once per fast answer: they are counted in /metrics (`fast_path_answers_total`), since
 * they are in neither the request log nor the per-route request metrics.
 */
export function serverWithFastPaths(paths: readonly FastPath[], answered: () => void = () => undefined) {
  return (fastifyHandler: RequestListener): http.Server => {
    const server = http.createServer(SERVER_OPTIONS, (req, res) => {
      for (const path of paths) {
        if (path(req, res)) {
          answered();
          return;
        }
      }
      fastifyHandler(req, res);
    });
    applyServerTimeouts(server);
    pinClientAddresses(server);
    return server;
  };
}
