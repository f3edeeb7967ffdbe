/**
 * The process's one logger (pino, the logger Fastify is built around): Fastify's request logs,
 * the mail worker, the lead spool and the database all write through it at LOG_LEVEL — as JSON
 * lines for log collectors, or as readable lines (pino-pretty) when a person watches a terminal
 * (LOG_FORMAT). Credentials never reach it: headers carrying tokens are redacted, one-time tokens
 * in URLs (reset and invitation links) are replaced by "[redacted]", and bodies are not logged.
 */
import { pino, type DestinationStream, type Logger } from 'pino';
import { PinoPretty } from 'pino-pretty';
import type { IncomingMessage } from 'node:http';

export type { Logger };

/**
 * `/crm/password-reset/{userId}/{token}`, `/crm/welcome/{userId}/{token}` (staff invitations),
 * `/api/users/reset-password/{userId}/{token}` and any `token=` query parameter; and the staff
 * search of leads (`/api/crm/…?q=`), which holds names, e-mails and phone numbers.
 */
export function redactUrlTokens(url: string): string {
  const redacted = url
    .replace(/(\/(?:password-reset|reset-password|set-password|invitation|welcome)\/[^/?#]+\/)[^/?#]+/g, '$1[redacted]')
    // An event registration's cancel token (issue 24): the API names it in a path segment.
    .replace(/(\/events\/registrations\/)[^/?#]+/g, '$1[redacted]')
    .replace(/([?&](?:token|mfaToken)=)[^&#]*/gi, '$1[redacted]');
  return redacted.startsWith('/api/crm/') ? redacted.replace(/([?&]q=)[^&#]*/g, '$1[redacted]') : redacted;
}

interface LoggedRequest extends Partial<Pick<IncomingMessage, 'method' | 'url'>> {
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** What a request log line holds: Fastify's default fields, with the URL redacted. */
function requestSerializer(request: LoggedRequest) {
  return {
    method: request.method,
    url: redactUrlTokens(request.url ?? ''),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

export type LogFormat = 'json' | 'pretty';

/** LOG_FORMAT=json|pretty; unset: pretty in a terminal, JSON when the output is a pipe or a file. */
export function logFormat(value: string | undefined, isTerminal = Boolean(process.stdout.isTTY)): LogFormat {
  if (value === 'json' || value === 'pretty') return value;
  return isTerminal ? 'pretty' : 'json';
}

export function createLogger(config: { logLevel: string; logFormat?: LogFormat }, enabled = true, destination?: DestinationStream): Logger {
  const options = {
    level: enabled ? config.logLevel : 'silent',
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    serializers: { req: requestSerializer },
  };
  if (destination) return pino(options, destination);
  if (config.logFormat === 'pretty') {
    return pino(options, PinoPretty({ colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId', singleLine: true }));
  }
  return pino(options);
}
