/**
 * PostgreSQL `text` and `jsonb` cannot hold the NUL character (U+0000): a value with one fails
 * deep inside an INSERT or a WHERE clause (SQLSTATE 22021 / 22P05). Every request is checked here,
 * before any handler runs, so such input is refused with a 400 that names the field, and nothing
 * is acknowledged (or spooled) that the database would refuse later.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors';

/** How deep a body is walked; deeper nesting is refused by the routes' own schemas anyway. */
const MAX_DEPTH = 20;

export function unstorableTextMessage(field: string): string {
  return `The field "${field}" contains a character we cannot store (a NUL character). Please remove it and try again.`;
}

/** The first field (dotted path) whose name or text holds a NUL character, or null. */
export function findUnstorableText(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'value' : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((item, index) => [String(index), item])
    : Object.entries(value);
  for (const [key, item] of entries) {
    const field = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return field.replace(/\u0000/g, '\\u0000');
    const found = findUnstorableText(item, field, depth + 1);
    if (found) return found;
  }
  return null;
}

function checkRequest(request: FastifyRequest): void {
  for (const part of [request.params, request.query, request.body]) {
    const field = findUnstorableText(part);
    if (field) {
      const message = unstorableTextMessage(field);
      throw new HttpError(400, message, { errors: { [field]: message } });
    }
  }
}

/** Refuses NUL characters in any path parameter, query parameter or JSON body field. */
export function registerUnstorableTextCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => checkRequest(request));
}
