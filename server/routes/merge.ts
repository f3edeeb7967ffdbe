/**
 * Repeat inquiries and merging under /api/crm (issue 23): merge two leads, and the partner sites
 * leads came from (the list's filter and grouping).
 */
import { z } from 'zod';
import type { AppContext } from '../context';
import { auditWho } from '../audit/audit-log';
import { mergeLeads } from '../merge/merge-store';
import { mergeBodySchema } from '../merge/merge-input';
import { leadsByOrigin, type OriginCount } from '../repeat/leads-by-origin';
import { errorAnswer } from '../openapi/answers-public';
import { answerSchema } from '../openapi/answer-schema';
import type { MergeAnswer } from '../../src/merge-contract';
import type { ApiInstance } from './route-schema';
import { staffScope } from './staff-scope';

const mergeAnswer = answerSchema<MergeAnswer>()(
  'MergeAnswer',
  z.object({ message: z.string(), kept: z.string(), merged: z.string(), moved: z.record(z.string(), z.number().int()) }),
);
const originsAnswer = answerSchema<{ origins: OriginCount[] }>()(
  'LeadOrigins',
  z.object({ origins: z.array(z.object({ origin: z.string().nullable(), count: z.number().int() })) }),
);

export function registerMergeRoutes(api: ApiInstance, ctx: AppContext): void {
  void api.register(
    staffScope(ctx, (crm) => {
      crm.post(
        '/leads/merge',
        {
          schema: {
            summary: "Merge two leads: the other's records move to the kept one; chosen fields are taken from it",
            body: mergeBodySchema,
            example: { keepId: '5f0c1a2b3c4d5e6f7a8b9c0d', mergeId: '5f0c1a2b3c4d5e6f7a8b9c0e', fields: { phone: 'merge' } },
            response: { 200: mergeAnswer, 400: errorAnswer, 404: errorAnswer, 409: errorAnswer },
          },
        },
        async (request) => mergeLeads(ctx.db, request.body, auditWho(request)),
      );
      crm.get(
        '/lead-origins',
        { schema: { summary: 'Partner sites leads came from, with how many leads each (most first)', response: { 200: originsAnswer } } },
        async () => ({ origins: await leadsByOrigin(ctx.db.pool, null) }),
      );
    }),
    { prefix: '/crm' },
  );
}
