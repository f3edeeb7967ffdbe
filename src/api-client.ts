/**
 * A small typed fetch client for our API, shared by the widget, the site and the CRM.
 * Every non-2xx answer becomes an ApiError carrying the server's human `message`.
 */
import type { FieldErrors } from './field-errors';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

const FALLBACK_MESSAGE = 'Something went wrong. Please try again.';

/** Calls `${base}${path}` and returns the parsed JSON body; throws ApiError on HTTP errors. */
export async function apiFetch<T>(base: string, path: string, request: ApiRequest = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...request.headers };
  const init: RequestInit = { method: request.method ?? 'GET', headers, credentials: 'omit' };
  if (request.signal) init.signal = request.signal;
  if (request.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(request.body);
  }
  let response: Response;
  try {
    response = await fetch(base + path, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError('We could not reach the server. Check your connection and try again.', 0, null);
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(messageOf(body) ?? FALLBACK_MESSAGE, response.status, body);
  return body as T;
}

export function messageOf(body: unknown): string | null {
  if (body && typeof body === 'object' && 'message' in body) {
    const { message } = body as { message: unknown };
    if (typeof message === 'string' && message) return message;
  }
  return null;
}

/** The server's per-field `errors` map (field -> message) of an error answer, keeping only string messages. */
export function fieldErrorsOf(body: unknown): FieldErrors {
  const errors = body && typeof body === 'object' && 'errors' in body ? (body as { errors: unknown }).errors : null;
  if (!errors || typeof errors !== 'object') return {};
  return Object.fromEntries(Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}
