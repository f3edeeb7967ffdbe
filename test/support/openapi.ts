/**
 * Helpers for checking the API description against the running server: the routes Fastify really
 * registered (from its route tree), and Ajv 2020 validators for parts of the document by pointer.
 */
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import type { ApiOperation } from '../../server/openapi/registry';

/** `GET /api/courses/slug/{slug}` for every route under /api (HEAD and OPTIONS left out). */
export function registeredApiRoutes(app: FastifyInstance): string[] {
  const routes: string[] = [];
  const prefixes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[└├]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const path = (prefixes[depth - 1] ?? '') + (match[2] ?? '');
    prefixes[depth] = path;
    prefixes.length = depth + 1;
    if (!path.startsWith('/api/')) continue;
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD' && method !== 'OPTIONS') routes.push(`${method} ${path.replace(/:(\w+)/g, '{$1}')}`);
    }
  }
  return routes.sort();
}

/** `GET /api/…` for every operation the document lists. */
export function documentedApiRoutes(document: { paths: Record<string, Record<string, unknown>> }): string[] {
  return Object.entries(document.paths)
    .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} /api${path}`))
    .sort();
}

const pointer = (...parts: string[]) => parts.map((part) => encodeURIComponent(part.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/');

export interface DocumentValidators {
  /** The validator of an operation's answer with `status` (its JSON body). */
  answer(method: string, path: string, status: number): (body: unknown) => string[];
  /** The validator of an operation's request body. */
  requestBody(method: string, path: string): (body: unknown) => string[];
}

export function documentValidators(document: object): DocumentValidators {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(document, 'openapi');
  const validator = (ref: string) => {
    const validate = ajv.compile({ $ref: `openapi#/${ref}` });
    return (body: unknown) => (validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`));
  };
  return {
    answer: (method, path, status) =>
      validator(pointer('paths', path, method.toLowerCase(), 'responses', String(status), 'content', 'application/json', 'schema')),
    requestBody: (method, path) =>
      validator(pointer('paths', path, method.toLowerCase(), 'requestBody', 'content', 'application/json', 'schema')),
  };
}

export interface AnswerCallOptions {
  /** A JSON body. */
  body?: unknown;
  /** Raw bytes with their Content-Type (a photo upload). */
  raw?: { type: string; bytes: Buffer };
  /** Send the signed-in admin's session token… */
  staff?: boolean;
  /** …or this member's. */
  token?: string;
}

export type AnswerCall = (
  method: string,
  documentedPath: string,
  url: string,
  options?: AnswerCallOptions,
) => Promise<{ status: number; body: unknown }>;

/**
 * Calls the API for real (`url` under /api) and checks the JSON answer against the document's shape
 * for the operation at `documentedPath` and the status answered.
 */
export function answerCaller(baseUrl: string, validators: DocumentValidators, adminToken: string): AnswerCall {
  return async (method, documentedPath, url, options = {}) => {
    const token = options.token ?? (options.staff ? adminToken : null);
    const res = await fetch(`${baseUrl}/api${url}`, {
      method,
      headers: {
        ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(options.raw ? { 'Content-Type': options.raw.type } : {}),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      ...(options.raw ? { body: Uint8Array.from(options.raw.bytes) } : {}),
    });
    const body: unknown = await res.json();
    const call = `${method} ${url} → ${res.status}`;
    expect({ call, problems: validators.answer(method, documentedPath, res.status)(body) }).toEqual({ call, problems: [] });
    return { status: res.status, body };
  };
}

/** A copy of the documented request example of an operation, for the test to fill in live values. */
export function requestExample(operations: readonly ApiOperation[], method: string, path: string): Record<string, unknown> {
  const found = operations.find((op) => op.method === method && op.path === path)?.example;
  if (!found || typeof found !== 'object') throw new Error(`no example for ${method} ${path}`);
  return { ...(found as Record<string, unknown>) };
}
