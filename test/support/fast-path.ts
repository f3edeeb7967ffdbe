/**
 * For the fast-path tests (catalogue reads, built files, rendered pages): headers compared without
 * the transport's own, and a count of the Fastify route handlers that ran, which shows whether a
 * request was answered before Fastify.
 */
import diagnostics from 'node:diagnostics_channel';

/** Set by Node's HTTP server per connection or per second, not by either path. */
const TRANSPORT_HEADERS = new Set(['date', 'connection', 'keep-alive']);

export function comparableHeaders(headers: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => !TRANSPORT_HEADERS.has(name.toLowerCase()))
      .map(([name, value]): [string, string] => [name.toLowerCase(), String(value)])
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
}

/** Counts the Fastify route handlers run while `body` runs (Fastify announces each on this channel). */
export async function fastifyHandlersDuring(body: () => Promise<void>): Promise<number> {
  const channel = diagnostics.tracingChannel('fastify.request.handler');
  let handled = 0;
  const handlers = {
    start: () => {
      handled += 1;
    },
    end() {},
    asyncStart() {},
    asyncEnd() {},
    error() {},
  };
  channel.subscribe(handlers);
  try {
    await body();
  } finally {
    channel.unsubscribe(handlers);
  }
  return handled;
}
