/**
 * PostgreSQL `text` and `jsonb` cannot hold the NUL character (U+0000): a value with one fails
 * deep inside an INSERT or a WHERE clause (SQLSTATE 22021 / 22P05). Text that is not valid Unicode
 * (a lone surrogate such as the JSON escape "\ud800") is worse: a `text` column silently stores it
 * as U+FFFD, so what was acknowledged is not what was sent. Every request is checked here, before
 * any handler runs, so such input is refused with a 400 that names the field, and nothing is
 * acknowledged (or spooled) that the database would refuse or alter later.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors';

/** How deep a body is walked; deeper nesting is refused by the routes' own schemas anyway. */
const MAX_DEPTH = 20;

export function unstorableTextMessage(field: string): string {
  return `The field "${field}" contains a character we cannot store (a NUL character). Please remove it and try again.`;
}

export function invalidUnicodeMessage(field: string): string {
  return `The field "${field}" contains text that is not valid Unicode (a lone surrogate). Please retype it and try again.`;
}

interface Unstorable {
  field: string;
  message: string;
}

/**
 * In a `u` regular expression a surrogate range matches only a surrogate that is not half of a
 * pair (an emoji's pair is one code point there): the same test as String#isWellFormed, which
 * the ES2023 typings this project compiles against do not declare.
 */
const LONE_SURROGATE = /[\ud800-\udfff]/u;
const LONE_SURROGATES = /[\ud800-\udfff]/gu;

/** Why a piece of text cannot be stored as sent (NUL, or not well-formed UTF-16), or null. */
function problemOf(text: string): ((field: string) => string) | null {
  if (text.includes('\u0000')) return unstorableTextMessage;
  if (LONE_SURROGATE.test(text)) return invalidUnicodeMessage;
  return null;
}

/** A field path fit to show: NULs and lone surrogates in key names are written as escapes. */
function printable(field: string): string {
  return (
    field
      // eslint-disable-next-line no-control-regex -- NUL is the character being made visible
      .replace(/\u0000/g, '\\u0000')
      .replace(LONE_SURROGATES, (c) => `\\u${c.charCodeAt(0).toString(16)}`)
  );
}

/** The first field (dotted path) whose name or text cannot be stored as sent, with its message. */
export function findUnstorable(value: unknown, path = '', depth = 0): Unstorable | null {
  if (typeof value === 'string') {
    const problem = problemOf(value);
    const field = path || 'value';
    return problem ? { field, message: problem(field) } : null;
  }
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  const entries: [string, unknown][] = Array.isArray(value) ? value.map((item, index) => [String(index), item]) : Object.entries(value);
  for (const [key, item] of entries) {
    const field = path ? `${path}.${key}` : key;
    const keyProblem = problemOf(key);
    if (keyProblem) return { field: printable(field), message: keyProblem(printable(field)) };
    const found = findUnstorable(item, field, depth + 1);
    if (found) return found;
  }
  return null;
}

function checkRequest(request: FastifyRequest): void {
  for (const part of [request.params, request.query, request.body]) {
    const found = findUnstorable(part);
    if (found) throw new HttpError(400, found.message, { errors: { [found.field]: found.message } });
  }
}

/**
 * Refuses NUL characters and text that is not valid Unicode in any path parameter, query
 * parameter or JSON body field: one check for every endpoint, so a new route cannot forget it.
 */
export function registerUnstorableTextCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => checkRequest(request));
}
