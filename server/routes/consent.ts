/** A lead's consent to commercial e-mail, for the CRM's lead page (server/consent/). */
import type { AppContext } from '../context';
import type { ConsentAnswer } from '../../src/consent-contract';
import { HttpError } from '../http/errors';
import { leadConsent } from '../consent/consent-history';
import { consentAnswer } from '../consent/consent-answer';
import { errorAnswer } from '../openapi/answers-public';
import { LEAD_NOT_FOUND_MESSAGE } from './crm';
import { idParams, type ApiInstance } from './route-schema';
import { staffScope } from './staff-scope';

export function registerConsentRoutes(api: ApiInstance, ctx: AppContext): void {
  void api.register(
    staffScope(ctx, (crm) => {
      crm.get(
        '/leads/:id/consent',
        {
          schema: {
            summary: "A lead's consent to commercial e-mail (CASL): the state in one line and its history",
            params: idParams,
            response: { 200: consentAnswer, 404: errorAnswer },
          },
        },
        async (request): Promise<ConsentAnswer> => {
          const answer = await leadConsent(ctx.db.pool, request.params.id);
          if (!answer) throw new HttpError(404, LEAD_NOT_FOUND_MESSAGE);
          return answer;
        },
      );
    }),
    { prefix: '/crm' },
  );
}
