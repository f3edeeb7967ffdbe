/**
 * How an answer shape is written for the API description: a zod schema, named, registered as an
 * OpenAPI component, and tied to its wire type in src/*-contract.ts at compile time (both ways), so
 * the description cannot drift from what the clients are typed against. The API test then checks
 * real answers against these schemas (test/api/openapi.test.ts).
 */
import { z } from 'zod';

/** Every named answer shape; each becomes `#/components/schemas/<id>`. */
export const answerComponents = z.registry<{ id: string; description?: string }>();

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * `answerSchema<SearchAnswer>()('SearchAnswer', z.object({...}))`: registers the schema under its
 * name; compiling fails unless the schema's output type and `T` are the same type.
 */
export function answerSchema<T>() {
  return <S extends z.ZodType>(
    id: string,
    schema: S,
    ..._sameAsContract: Same<z.output<S>, T> extends true ? [] : [mismatch: 'the schema differs from its contract type']
  ): S => {
    answerComponents.add(schema, { id });
    return schema;
  };
}

/** Names a schema written once in src/ as a component (`#/components/schemas/<id>`), and hands it back. */
export function named<S extends z.ZodType>(id: string, schema: S): S {
  answerComponents.add(schema, { id });
  return schema;
}

// The basic pieces are the wire's own (src/wire-schemas.ts), shared with the contracts' schemas.
export { daySchema, idSchema, instantSchema, lookupId } from '../../src/wire-schemas';
