/**
 * The shape of one documented API operation, as server/openapi/route-collector.ts reads it from a
 * registered route and document.ts turns it into the OpenAPI 3.1 document served at
 * GET /api/openapi.json. There is no list of routes to keep: a route is documented by its own
 * options (server/routes/route-schema.ts says what a route declares).
 */
import { z } from 'zod';
import type { Access } from '../auth/guards';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export type { Access };

/**
 * Whether a route is documented with the staff session's security scheme (a bearer token from
 * POST /users/signin), 401 and 403. Public and site routes need none; applicant routes take the
 * applicant portal's own token, which that scheme does not describe, so they are documented as
 * before: without it.
 */
export const needsStaffSession = (access: Access): boolean => access !== 'public' && access !== 'site' && access !== 'applicant';

export interface SuccessAnswer {
  status: number;
  /** null: no body (204, 304). */
  schema: z.ZodType | null;
  mediaType: string;
  description: string;
}

export interface HeaderParameter {
  name: string;
  description: string;
  schema: z.ZodType;
}

/** A body sent as raw bytes (not JSON), e.g. a photo: one of these media types. */
export interface RawBody {
  mediaTypes: readonly string[];
  description: string;
}

export interface ApiOperation {
  method: HttpMethod;
  /** Under /api, OpenAPI form: `/courses/slug/{slug}`. */
  path: string;
  summary: string;
  access: Access;
  query?: z.ZodObject;
  params?: z.ZodObject;
  body?: z.ZodType;
  rawBody?: RawBody;
  headers?: HeaderParameter[];
  ok: SuccessAnswer;
  /** Extra answers with their own shape (e.g. the 503 of /health is a HealthAnswer). */
  otherAnswers?: Record<number, z.ZodType>;
  /**
   * Error statuses the route answers with `errorAnswer` in its schema.response; document.ts adds the
   * implied ones: 400 with any input schema, 413/415 with a body, 401/403 when guarded, 503 unless fromMemory.
   */
  errors: number[];
  /** Answered from the in-memory catalogue: no 503, and a 304 for a matching If-None-Match. */
  fromMemory: boolean;
  example?: unknown;
}

/** The answer of a 204: no body. */
export const noContentAnswer = z.undefined();

const files = new WeakMap<z.ZodType, { mediaType: string; description: string }>();

/** Marks an answer schema as a file of `mediaType` rather than JSON (e.g. a CSV export). */
export function fileAnswer<S extends z.ZodType>(schema: S, mediaType: string, description: string): S {
  files.set(schema, { mediaType, description });
  return schema;
}

const DESCRIPTIONS: Record<number, string> = { 200: 'OK.', 201: 'Created.', 204: 'Done; no content.' };

/** A route's success answer: its status and schema, as documented. */
export function successAnswer(status: number, schema: z.ZodType): SuccessAnswer {
  const file = files.get(schema);
  return {
    status,
    schema: schema === noContentAnswer ? null : schema,
    mediaType: file?.mediaType ?? 'application/json',
    description: file?.description ?? DESCRIPTIONS[status] ?? 'OK.',
  };
}
