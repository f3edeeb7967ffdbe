/**
 * Repeat inquiries and merging under /api/crm (issue 23): merge two leads, and the partner sites
 * leads came from (the list's filter and grouping); the leads one lead may be merged with, found by
 * name, e-mail or phone (issue 31).
 */
import type { AppContext } from '../context';
import { auditWho } from '../audit/audit-log';
import { mergeLeads } from './merge-store';
import { candidatesQuerySchema, mergeBodySchema } from './merge-input';
import { mergeCandidates } from './merge-candidates';
import { countLeadsRead } from '../audit/bulk-reads';
import { staffOf } from '../auth/guards';
import { leadsByOrigin } from '../repeat/leads-by-origin';
import { errorAnswer } from '../openapi/answers-public';
import { idParams, type ApiInstance, typedScope } from '../routes/route-schema';
import { candidatesAnswer, mergeAnswer, originsAnswer } from './answers';

export function registerMergeRoutes(api: ApiInstance, ctx: AppContext): void {
  void api.register(
    typedScope((crm) => {
      crm.post(
        '/leads/merge',
        {
          config: { access: 'staff' },
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
        '/leads/:id/merge-candidates',
        {
          config: { access: 'staff' },
          schema: {
            summary: 'Leads this one may be merged with, found by name, e-mail or phone, each naming the lead kept by default',
            params: idParams,
            querystring: candidatesQuerySchema,
            response: { 200: candidatesAnswer, 400: errorAnswer, 404: errorAnswer, 409: errorAnswer },
          },
        },
        async (request) => {
          const candidates = await mergeCandidates(ctx.db.pool, request.params.id, request.query.q, staffOf(request).user._id);
          // They show names and contacts like the inbox does, so they count towards its hourly mark.
          await countLeadsRead(ctx.db.pool, request, candidates.length, request.query);
          return { candidates };
        },
      );
      crm.get(
        '/lead-origins',
        {
          config: { access: 'staff' },
          schema: { summary: 'Partner sites leads came from, with how many leads each (most first)', response: { 200: originsAnswer } },
        },
        async () => ({ origins: await leadsByOrigin(ctx.db.pool, null) }),
      );
    }),
    { prefix: '/crm' },
  );
}
