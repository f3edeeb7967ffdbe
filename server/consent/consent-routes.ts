/**
 * A lead's consent to commercial e-mail, for the CRM's lead page (server/consent/): the state and
 * its history, and express consent the person gave another way, recorded by any signed-in member
 * (staff-recorded-consent.ts; every member may work on every lead, as with notes and stages).
 */
import type { AppContext } from '../context';
import type { ConsentAnswer } from '../../src/consent-contract';
import { staffOf } from '../auth/guards';
import { HttpError } from '../http/errors';
import { leadConsent } from './consent-history';
import { consentAnswer } from './consent-answer';
import { recordedConsentSchema, recordStaffConsent } from './staff-recorded-consent';
import { errorAnswer } from '../openapi/answers-public';
import { LEAD_NOT_FOUND_MESSAGE } from '../crm';
import { fieldErrorsValidator, idParams, type ApiInstance, typedScope } from '../routes/route-schema';

export function registerConsentRoutes(api: ApiInstance, ctx: AppContext): void {
  void api.register(
    typedScope((crm) => {
      crm.setValidatorCompiler(fieldErrorsValidator);

      crm.get(
        '/leads/:id/consent',
        {
          config: { access: 'staff' },
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

      crm.post(
        '/leads/:id/consent',
        {
          config: { access: 'staff' },
          schema: {
            summary:
              'Record express consent the person gave another way (phone, in person, paper): how (evidence), the day given, ' +
              'the wording agreed to (default: the consent page’s); recorded in the audit log. 409 if express consent is already recorded',
            params: idParams,
            body: recordedConsentSchema,
            example: {
              evidence: 'Said yes on the phone call of 2026-11-27 to Dana Smith, after hearing the consent wording read out.',
              obtained_on: '2026-11-27',
            },
            response: { 201: consentAnswer, 400: errorAnswer, 404: errorAnswer, 409: errorAnswer },
          },
        },
        async (request, reply) => {
          const { user } = staffOf(request);
          const who = { actorId: user._id, name: user.name, ip: request.ip ?? null };
          const found = await recordStaffConsent(ctx.db, request.params.id, who, request.body);
          const answer = found ? await leadConsent(ctx.db.pool, request.params.id) : null;
          if (!answer) throw new HttpError(404, LEAD_NOT_FOUND_MESSAGE);
          return reply.status(201).send(answer);
        },
      );
    }),
    { prefix: '/crm' },
  );
}
