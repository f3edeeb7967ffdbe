/**
 * The JSON Schema of what a client may send, from a route's zod schema (its input side). Where a
 * route pre-processes a field (z.preprocess: a form's '' for "none", "2" for 2), zod can only
 * describe the value after that step; the forms it also accepts are found by asking the schema
 * itself and added, so the description promises exactly what the server takes.
 */
import { z } from 'zod';

export type JsonSchema = Record<string, unknown>;

const isPreprocessed = (schema: unknown): schema is z.ZodPipe => schema instanceof z.ZodPipe && schema.in instanceof z.ZodTransform;

/** The text form of a pre-processed field's numbers, when it takes them ("2" for 2). */
function numbersAsText(field: z.ZodPipe, json: JsonSchema): JsonSchema[] {
  const values = Array.isArray(json.enum) ? json.enum : 'const' in json ? [json.const] : [];
  const asText = values.filter((value): value is number => typeof value === 'number').map(String);
  return asText.length && asText.every((text) => field.safeParse(text).success) ? [{ type: 'string', enum: asText }] : [];
}

function widenPreprocessed({ zodSchema, jsonSchema }: { zodSchema: unknown; jsonSchema: JsonSchema }): void {
  if (!isPreprocessed(zodSchema)) return;
  const canonical = Object.fromEntries(Object.entries(jsonSchema).filter(([key]) => key !== 'default' && key !== 'description'));
  const options = Array.isArray(canonical.anyOf) ? (canonical.anyOf as JsonSchema[]) : [canonical];
  const extra = [
    ...options.flatMap((option) => numbersAsText(zodSchema, option)),
    // A form's empty field, taken as "not chosen".
    ...(zodSchema.safeParse('').success ? [{ const: '' }] : []),
  ];
  if (!extra.length) return;
  for (const key of Object.keys(canonical)) delete jsonSchema[key];
  jsonSchema.anyOf = [...options, ...extra];
}

/** Drops `$schema` and `$id`: the OpenAPI document names the dialect once and places each schema. */
export function stripDialect(schema: JsonSchema): JsonSchema {
  const { $schema: _dialect, $id: _id, ...rest } = schema;
  return rest;
}

/** A field is required when the schema refuses its absence (defaults and fallbacks make it optional). */
export function requiredFields(schema: z.ZodType): string[] | null {
  if (!(schema instanceof z.ZodObject)) return null;
  return Object.entries(schema.shape as Record<string, z.ZodType>)
    .filter(([, field]) => !field.safeParse(undefined).success)
    .map(([name]) => name);
}

export function requestSchema(schema: z.ZodType): JsonSchema {
  const json = stripDialect(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', override: widenPreprocessed }) as JsonSchema);
  const required = requiredFields(schema);
  if (required === null || json.type !== 'object') return json;
  const { required: _fromZod, ...rest } = json;
  return required.length ? { ...rest, required } : rest;
}
