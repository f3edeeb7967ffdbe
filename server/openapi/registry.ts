/**
 * The API's documentation registry: one entry per operation, built from the same zod schemas the
 * routes validate with (server/routes/*) and the answer schemas of ./answers-*.ts. document.ts turns
 * the entries into the OpenAPI 3.1 document served at GET /api/openapi.json;
 * test/api/openapi.test.ts fails when a route Fastify registers under /api has no entry here (or an
 * entry has no route), and checks real answers against the documented shapes.
 *
 * Documenting a new route is one line in operations-public.ts, operations-staff.ts or
 * operations-catalogue.ts (or a module of the feature's own, spread into `apiOperations` in
 * operations.ts):
 *
 *   staffCall('get', '/crm/leads/{id}', 'One lead', { ok: staffLeadAnswer, errors: [404] }),
 *   editorCall('put', '/crm/catalogue/courses/{id}', 'Save a course', { body: courseSaveSchema, ok: catalogueCourseAnswer, errors: [404] }),
 *   adminCall('post', '/crm/staff', 'Invite a staff member', { body: inviteSchema, ok: created(staffMemberAnswer), errors: [409] }),
 *
 * - The path is OpenAPI's form under /api (`{id}` for Fastify's `:id`). Path parameters are taken
 *   from the path; their schema from `params` when the route validates them, else plain text.
 * - `query`/`body`/`params`: the exported zod object the route passes to parseInput — never a copy.
 *   A field is listed as required only if the schema refuses its absence.
 * - `ok`: the success answer, a schema registered with answerSchema() (answer-schema.ts), or
 *   `{ status: 201, schema }`, `noContent` (204), `csvFile`. Error statuses: 400 comes with any
 *   input schema, 413/415 with a body, 401/403 with staff calls, 503 unless `fromMemory`; list the
 *   others in `errors`. Every error answer has the ErrorAnswer shape (answers-public.ts); a new
 *   field in error answers is added there, or, when a status answers a typed shape of its own
 *   (a stale catalogue save's 409 `{ message, current }`), that shape goes in `otherAnswers`.
 * - `rawBody`: a body of raw bytes instead of JSON (a professor's photo), by media type.
 * - `example`: a request body the API test sends for real (it must validate and be accepted).
 */
import type { z } from 'zod';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Who may call: anyone; a signed-in staff member (Bearer session token); an admin; an admin or a catalogue editor. */
export type Access = 'public' | 'staff' | 'admin' | 'editor';

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
  /** Error statuses beyond those implied (see the header). */
  errors: number[];
  /** Answered from the in-memory catalogue: no 503, and a 304 for a matching If-None-Match. */
  fromMemory: boolean;
  example?: unknown;
}

export interface OperationOptions {
  query?: z.ZodObject;
  params?: z.ZodObject;
  body?: z.ZodType;
  rawBody?: RawBody;
  headers?: HeaderParameter[];
  ok: z.ZodType | SuccessAnswer;
  otherAnswers?: Record<number, z.ZodType>;
  errors?: number[];
  fromMemory?: boolean;
  example?: unknown;
}

const isSuccessAnswer = (ok: z.ZodType | SuccessAnswer): ok is SuccessAnswer => 'mediaType' in ok;

export const noContent: SuccessAnswer = { status: 204, schema: null, mediaType: 'application/json', description: 'Done; no content.' };

export function created(schema: z.ZodType): SuccessAnswer {
  return { status: 201, schema, mediaType: 'application/json', description: 'Created.' };
}

export function fileAnswer(schema: z.ZodType, mediaType: string, description: string): SuccessAnswer {
  return { status: 200, schema, mediaType, description };
}

function operation(access: Access) {
  return (method: HttpMethod, path: string, summary: string, options: OperationOptions): ApiOperation => ({
    method,
    path,
    summary,
    access,
    ...options,
    ok: isSuccessAnswer(options.ok)
      ? options.ok
      : { status: 200, schema: options.ok, mediaType: 'application/json', description: 'OK.' },
    errors: options.errors ?? [],
    fromMemory: options.fromMemory ?? false,
  });
}

/** A call anyone may make (the site, the widget, partners' pages). */
export const publicCall = operation('public');
/** A call that needs a staff session: `Authorization: Bearer <token>` from POST /api/users/signin. */
export const staffCall = operation('staff');
/** A staff call that only an admin may make (403 for a counsellor). */
export const adminCall = operation('admin');
/** A catalogue-editing call: an admin or a member made a catalogue editor (403 for anyone else). */
export const editorCall = operation('editor');
