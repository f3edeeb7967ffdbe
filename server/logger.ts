/**
 * The process's one logger (pino, the logger Fastify is built around): Fastify's request logs,
 * the mail worker, the lead spool and the database all write through it, as JSON lines at
 * LOG_LEVEL. Credentials never reach it: headers carrying tokens are redacted and bodies are
 * not logged at all.
 */
import { pino, type Logger } from 'pino';
import type { Config } from './config';

export type { Logger };

export function createLogger(config: Pick<Config, 'logLevel'>, enabled = true): Logger {
  return pino({
    level: enabled ? config.logLevel : 'silent',
    redact: ['req.headers.authorization', 'req.headers.cookie'],
  });
}
