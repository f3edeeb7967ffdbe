/**
 * Routes declare their zod schemas in their own options (`schema: { params, querystring, body,
 * response }`); from them come the validation (here), the handler's types (ZodTypeProvider) and
 * the API description (server/openapi/route-collector.ts). A validation failure is an InvalidInput
 * in the API's error shape: the first problem's message (most calls), or on a form's call one
 * message per field (`fieldErrorsValidator`, the catalogue editor).
 *
 * A new route, documented and validated by being written:
 *
 *   crm.patch('/leads/:id', {
 *     config: { access: 'staff' },
 *     schema: {
 *       summary: 'Change a lead\'s stage or owner, naming the version read',
 *       params: idParams, body: leadChangeSchema, example: { version: 1, stage: 2 },
 *       response: { 200: staffLeadAnswer, 404: errorAnswer, 409: errorAnswer },
 *     },
 *   }, async (request) => …request.body.version…);
 *
 * Answers are schemas registered with answerSchema() (server/openapi/answer-schema.ts); a 4xx with
 * `errorAnswer` lists that status, another schema documents its own shape (a stale save's 409).
 * Who may call is the route's `config: { access }` (server/http/access.ts), required on every route.
 */
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  FastifyTypeProvider,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import { z } from 'zod';
import type { FieldErrors } from '../../src/field-errors';
import { INVALID_INPUT_MESSAGE, InvalidInput } from '../domain-errors';
import type { HeaderParameter, RawBody } from '../openapi/registry';

/** Handlers see what their schemas output (after defaults and transforms) and answer what the answer schemas take. */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

export type ApiInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * A scope of routes typed by their zod schemas. Used as the plugin of api.register, so the
 * scope's prefix stays beside its routes.
 */
export function typedScope(routes: (scope: ApiInstance) => void) {
  return async (scope: FastifyInstance): Promise<void> => routes(scope.withTypeProvider<ZodTypeProvider>());
}

declare module 'fastify' {
  /** How a route is described beyond its schemas (server/openapi/document.ts). */
  interface FastifySchema {
    summary?: string;
    /** A request body the API test sends for real: it must validate and be accepted. */
    example?: unknown;
    /** A body of raw bytes instead of JSON (a professor's photo), by media type. */
    rawBody?: RawBody;
    /** Request headers the route reads (validated by the route itself). */
    headerParams?: HeaderParameter[];
    /** Answered from the in-memory catalogue: no 503, and a 304 for a matching If-None-Match. */
    fromMemory?: boolean;
  }
}

const isZod = (schema: unknown): schema is z.ZodType => schema instanceof z.ZodType;

/** A route's schema as a validator: an absent part (or a JSON `null` body) is read as `{}`. */
function zodValidator(toError: (error: z.ZodError) => InvalidInput): FastifySchemaCompiler<unknown> {
  return ({ schema }) => {
    if (!isZod(schema)) throw new Error('A route schema must be a zod schema.');
    return (data: unknown) => {
      const result = schema.safeParse(data ?? {});
      return result.success ? { value: result.data } : { error: toError(result.error) };
    };
  };
}

/** The first problem's message. */
export const firstProblemValidator = zodValidator((error) => new InvalidInput(error.issues[0]?.message ?? 'The request is not valid.'));

/** Every failing field with its first message (`fees.domestic_tuition`); one field's message, or "correct the highlighted fields". */
export function fieldErrorsOf(error: z.ZodError): InvalidInput {
  const errors: FieldErrors = {};
  for (const issue of error.issues) errors[issue.path.map(String).join('.') || '_'] ??= issue.message;
  const first = error.issues[0]?.message ?? INVALID_INPUT_MESSAGE;
  return new InvalidInput(Object.keys(errors).length > 1 ? INVALID_INPUT_MESSAGE : first, errors);
}

export const fieldErrorsValidator = zodValidator(fieldErrorsOf);

/** Answers are serialised as they are: their schemas describe them (the API test checks real answers against them). */
export const jsonSerializer: FastifySerializerCompiler<unknown> = () => (data) => JSON.stringify(data);

/** `{ id }` of a route's `:id`: any text (an unknown id is the route's 404). */
export const idParams = z.object({ id: z.string() });
