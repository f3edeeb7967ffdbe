/**
 * Builds the OpenAPI 3.1 document (JSON Schema 2020-12 dialect) from the registered routes
 * (route-collector.ts): request parts from the routes' own zod schemas (their input side: what a
 * client sends), answers from the registered answer schemas as components.
 */
import { z } from 'zod';
import { VERSION } from '../version';
import { COLLEGE } from '../../src/college';
import { answerComponents } from './answer-schema';
import { needsStaffSession, type ApiOperation } from './registry';
import { requestSchema, requiredFields, stripDialect, type JsonSchema } from './request-schema';

type JsonObject = Record<string, unknown>;

const component = (id: string) => `#/components/schemas/${id}`;
const ERROR_REF = { $ref: component('ErrorAnswer') };

const STATUS_TEXT: Record<number, string> = {
  400: "The request is not valid: `message` says why; a form's fields are named in `errors`.",
  401: 'Not signed in, the session has ended, or the credentials are wrong.',
  403: "Not allowed for this account (an admin's call, a catalogue editor's call, or two-factor set-up comes first).",
  404: 'There is no such record or call.',
  409:
    'Conflict: the record changed since it was read (its current `version`, or the whole record as `current`, is given), ' +
    'or the change is not possible now.',
  410: 'Gone: the course is no longer offered; `listing` is where its visitors are sent instead.',
  413: 'The request body is too large.',
  415: 'The request body is not of an accepted type (JSON; for a photo, a PNG, JPEG or WebP picture).',
  422: 'The Idempotency-Key was already used with a different request.',
  429: 'Too many attempts: wait for Retry-After seconds.',
  503: 'Briefly unavailable (database down or too busy); nothing was saved. Retry-After says when to retry.',
};

const EDITORS_TEXT = 'Admins and catalogue editors only (PATCH /crm/staff/{id} with `catalogue_editor`).';
const ACCESS_TEXT: Partial<Record<ApiOperation['access'], string>> = {
  admin: 'Admins only.',
  catalogue_editor: EDITORS_TEXT,
  event_editor: EDITORS_TEXT,
};

function answerRef(schema: z.ZodType): JsonSchema {
  const id = answerComponents.get(schema)?.id;
  if (!id) throw new Error('An answer schema of the API description is not registered: write it with answerSchema().');
  return { $ref: component(id) };
}

function parameters(op: ApiOperation): JsonObject[] {
  const pathProperties = (op.params ? requestSchema(op.params).properties : undefined) as Record<string, JsonSchema> | undefined;
  const inPath = [...op.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: pathProperties?.[name ?? ''] ?? { type: 'string' },
  }));
  const query = op.query ? requestSchema(op.query) : null;
  const required = op.query ? (requiredFields(op.query) ?? []) : [];
  const inQuery = Object.entries((query?.properties ?? {}) as Record<string, JsonSchema>).map(([name, schema]) => ({
    name,
    in: 'query',
    required: required.includes(name),
    schema,
  }));
  const headers = (op.headers ?? []).map((header) => ({
    name: header.name,
    in: 'header',
    required: false,
    description: header.description,
    schema: requestSchema(header.schema),
  }));
  return [...inPath, ...inQuery, ...headers];
}

/** A path parameter that is any text cannot be refused (an unknown id is the route's 404). */
const canRefuse = (params: z.ZodObject) =>
  Object.values(params.shape as Record<string, z.ZodType>).some((field) => !(field instanceof z.ZodString && !field.def.checks?.length));

function errorStatuses(op: ApiOperation): number[] {
  const implied = [
    ...(op.query || (op.params && canRefuse(op.params)) || op.body || op.rawBody ? [400] : []),
    ...(op.body || op.rawBody ? [413, 415] : []),
    ...(needsStaffSession(op.access) ? [401, 403] : []),
    ...(op.fromMemory ? [] : [503]),
  ];
  return [...new Set([...implied, ...op.errors])].sort((a, b) => a - b);
}

function responses(op: ApiOperation): JsonObject {
  const answers: JsonObject = {
    [op.ok.status]: op.ok.schema
      ? { description: op.ok.description, content: { [op.ok.mediaType]: { schema: answerRef(op.ok.schema) } } }
      : { description: op.ok.description },
  };
  if (op.fromMemory) answers['304'] = { description: 'Not modified: the ETag sent in If-None-Match is current.' };
  for (const status of errorStatuses(op)) {
    answers[status] = { description: STATUS_TEXT[status] ?? 'Error.', content: { 'application/json': { schema: ERROR_REF } } };
  }
  for (const [status, schema] of Object.entries(op.otherAnswers ?? {})) {
    answers[status] = {
      description: STATUS_TEXT[Number(status)] ?? 'Answer.',
      content: { 'application/json': { schema: answerRef(schema) } },
    };
  }
  answers.default = { description: 'Something went wrong on the server (500).', content: { 'application/json': { schema: ERROR_REF } } };
  return answers;
}

/** `get /crm/leads/{id}/timeline` → `getCrmLeadsByIdTimeline`. */
function operationId(op: ApiOperation): string {
  const words = op.path
    .split(/[/.-]/)
    .filter(Boolean)
    .map((word) => {
      const param = /^\{(\w+)\}$/.exec(word)?.[1];
      const text = param ? `by_${param}` : word;
      return text
        .split('_')
        .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
        .join('');
    });
  return op.method + words.join('');
}

function requestBody(op: ApiOperation): JsonObject | null {
  if (op.body) {
    return {
      required: true,
      content: {
        'application/json': {
          schema: requestSchema(op.body),
          ...(op.example === undefined ? {} : { example: op.example }),
        },
      },
    };
  }
  if (op.rawBody) {
    const content = Object.fromEntries(op.rawBody.mediaTypes.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }]));
    return { required: true, description: op.rawBody.description, content };
  }
  return null;
}

function operationObject(op: ApiOperation): JsonObject {
  const body = requestBody(op);
  const accessText = ACCESS_TEXT[op.access];
  return {
    operationId: operationId(op),
    summary: op.summary,
    tags: [needsStaffSession(op.access) ? 'staff' : 'public'],
    ...(needsStaffSession(op.access) ? { security: [{ bearer: [] }] } : {}),
    ...(accessText ? { description: accessText } : {}),
    parameters: parameters(op),
    ...(body ? { requestBody: body } : {}),
    responses: responses(op),
  };
}

export function buildOpenApiDocument(operations: readonly ApiOperation[]): JsonObject {
  const paths: Record<string, JsonObject> = {};
  for (const op of operations) {
    const item = (paths[op.path] ??= {});
    if (item[op.method]) throw new Error(`The API description lists ${op.method.toUpperCase()} ${op.path} twice.`);
    item[op.method] = operationObject(op);
  }
  const { schemas } = z.toJSONSchema(answerComponents, { uri: component, io: 'output' });
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: `${COLLEGE.name} API`,
      version: VERSION,
      description:
        'The course catalogue, search and inquiries (public), and the staff CRM (Bearer session token from POST /users/signin). ' +
        'Every error answers JSON `{ message, errors? }`.',
    },
    servers: [{ url: '/api' }],
    tags: [
      { name: 'public', description: 'Open to anyone, CORS-enabled for partner pages.' },
      { name: 'staff', description: 'Needs a staff session: Authorization: Bearer <token>.' },
    ],
    paths,
    components: {
      // By name: the order modules happen to load in (which feature's answers are named first) is no
      // part of the contract, and the document stays the same when a feature moves (issue 30).
      schemas: Object.fromEntries(
        Object.entries(schemas)
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([id, schema]) => [id, stripDialect(schema as JsonSchema)]),
      ),
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'The token answered by POST /users/signin.' } },
    },
  };
}
