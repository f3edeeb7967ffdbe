/**
 * The search's answer for the API description: the zod schema of src/search-schemas.ts (the wire
 * types are inferred from it), named as a component of the OpenAPI document.
 */
import { answerComponents } from '../openapi/answer-schema';
import { searchAnswerSchema } from '../../src/search-schemas';

/** Named by server/openapi/answers-public.ts, which every route's module loads. */
export function nameSearchAnswer(): void {
  answerComponents.add(searchAnswerSchema, { id: 'SearchAnswer' });
}
