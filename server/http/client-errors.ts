/**
 * Requests the HTTP parser cannot read (broken framing: `Transfer-Encoding: xchunked`, a chunk
 * size `zz`, headers too large, a body that never finishes) are the client's mistake. Each is
 * answered 400 (408, 431) when the connection can still carry an answer, and logged once at info
 * with the parser's reason: never as an error, never as "database unavailable".
 *
 * Node may already have handed such a request to Fastify when the parser fails on its body, so two
 * places see it: the server's clientError event (the parser's reason; the socket is then gone) and
 * Fastify's error handler (the body stream's "aborted"). The socket links the two, so one line is
 * written per broken request.
 */
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';

export const MALFORMED_REQUEST_MESSAGE = 'The request is not valid HTTP. Please check how it is framed (Transfer-Encoding, chunk sizes).';
export const ABORTED_REQUEST_MESSAGE = 'The request ended before its body arrived in full.';

/** Sockets whose failure has been logged already. */
const logged = new WeakSet<object>();

interface ClientError extends Error {
  code?: string;
  reason?: string;
}

interface Answer {
  status: number;
  text: string;
  message: string;
  /** The log line's message. */
  logged: string;
}

function answerFor(code: string | undefined): Answer {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return { status: 408, text: 'Request Timeout', message: 'The request took too long to arrive.', logged: 'slow request refused' };
  }
  if (code === 'HPE_HEADER_OVERFLOW') {
    return {
      status: 431,
      text: 'Request Header Fields Too Large',
      message: 'The request headers are too large.',
      logged: 'oversized headers refused',
    };
  }
  return { status: 400, text: 'Bad Request', message: MALFORMED_REQUEST_MESSAGE, logged: 'malformed request refused' };
}

/** Fastify's `clientErrorHandler` (the server's clientError event), bound to the Fastify instance. */
export function clientErrorHandler(this: { log: FastifyBaseLogger }, error: ClientError, socket: Duplex): void {
  // A reset or an already closed socket: the client left; there is nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) {
    this.log.debug({ code: error.code }, 'connection reset by the client');
    socket.destroy();
    return;
  }
  const answer = answerFor(error.code);
  logged.add(socket);
  this.log.info({ code: error.code, reason: error.reason ?? error.message, statusCode: answer.status }, answer.logged);
  if (socket.writable) {
    const body = JSON.stringify({ message: answer.message });
    socket.write(
      `HTTP/1.1 ${answer.status} ${answer.text}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/**
 * True when the request's body never arrived in full (the client aborted, or the parser failed on
 * it): whatever failed while reading it is the client's doing, not the server's or the database's.
 */
export function isAbortedRequest(request: FastifyRequest): boolean {
  return request.raw.readableAborted;
}

/** Logs an aborted request once (not again when the clientError handler logged its socket). */
export function logAbortedRequest(request: FastifyRequest, error: ClientError): void {
  const socket = request.raw.socket as object | null;
  if (socket && logged.has(socket)) return;
  if (socket) logged.add(socket);
  request.log.info({ code: error.code, reason: error.message }, 'request aborted by the client');
}
