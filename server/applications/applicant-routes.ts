/**
 * The applicant's API under /api/applicant (issue 33): ask for a sign-in link, use it, then read,
 * save, check, submit and answer one's own application. Same-origin only (no CORS headers); the
 * link request is limited per client here and per address in sign-in-link.ts, and answers the same
 * for every address after the same minimum time, so it never tells whether an address is known.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import { z } from 'zod';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import { sharedRateLimitStore } from '../http/rate-limit-store';
import { isValidEmail, normalizeEmail } from '../auth/users';
import { errorAnswer, messageAnswer } from '../openapi/answers-public';
import type { ApiInstance, ZodTypeProvider } from '../routes/route-schema';
import { applicantOf, createApplicantSession, endApplicantSession } from './applicant-session';
import { consumeSignInLink, sendSignInLink } from './sign-in-link';
import { applicantView, openApplication, requireApplicationOf } from './application-store';
import { answerOffer, checkStep, saveDraft, submitApplication } from './application-changes';
import { draftSchema, isCheckedStep } from './application-answers';
import { answerChoiceSchema } from '../../src/application-schemas';
import { applicantApplicationAnswer, applicantSessionAnswer } from './applicant-answers';
import { recordApplicationStep } from './application-events';

export const LINK_SENT_MESSAGE =
  'Check your e-mail: if the address can apply, we have sent a link to open your application. It works once, for 15 minutes.';
export const LINK_INVALID_MESSAGE = 'This sign-in link has expired or was already used. Please ask for a new one.';
export const LINK_RATE_MESSAGE = 'Too many requests from your connection. Please wait a few minutes and try again.';
const LINK_MIN_MS = 250;

const linkBody = z.object({
  email: z
    .string({ error: 'Please enter your e-mail address.' })
    .trim()
    .min(1, 'Please enter your e-mail address.')
    .refine(isValidEmail, 'Please enter a valid email address.'),
  course_id: z.union([z.literal(''), z.string().regex(/^[0-9a-f]{24}$/)]).optional(),
});
const sessionBody = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,200}$/, LINK_INVALID_MESSAGE) });
const stepParams = z.object({ step: z.string() });

export function registerApplicantRoutes(api: ApiInstance, ctx: AppContext): void {
  const view = async (email: string) => applicantView(ctx, ctx.db.pool, await requireApplicationOf(ctx.db.pool, email));

  void api.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    await scope.register(rateLimit, {
      max: 10,
      timeWindow: 10 * 60_000,
      ...sharedRateLimitStore(ctx.redis, () => ctx.db.pool, 'applicant-links'),
      skipOnError: true,
      keyGenerator: (request) => (request.ip === undefined ? 'connection-gone' : normalizeIP(request.ip, 64)),
      errorResponseBuilder: () => new HttpError(429, LINK_RATE_MESSAGE),
    });
    scope.post(
      '/applicant/sign-in-link',
      {
        config: { access: 'site' },
        schema: {
          summary: 'E-mail a sign-in link to the applicant portal (same answer for every address; limited per client and per address)',
          body: linkBody,
          example: { email: 'student@example.com' },
          response: { 200: messageAnswer },
        },
      },
      async (request) => {
        const started = Date.now();
        const { email, course_id } = request.body;
        const courseId = course_id && ctx.catalogue.courseById(course_id) ? course_id : null;
        const outcome = await sendSignInLink(ctx, { email, courseId });
        request.log.info({ email: normalizeEmail(email), outcome }, 'applicant sign-in link requested');
        await sleep(Math.max(0, LINK_MIN_MS - (Date.now() - started)));
        return { message: LINK_SENT_MESSAGE };
      },
    );
  });

  api.post(
    '/applicant/session',
    {
      config: { access: 'site' },
      schema: {
        summary: "Use a sign-in link's token once: an applicant session (its bearer token) for the link's address",
        body: sessionBody,
        response: { 200: applicantSessionAnswer, 400: errorAnswer },
      },
    },
    async (request) => {
      const token = await ctx.db.transaction(async (tx) => {
        const link = await consumeSignInLink(tx, request.body.token);
        if (!link) return null;
        const { row, created } = await openApplication(tx, link.email, link.courseId);
        if (created && row.lead_id) {
          await recordApplicationStep(tx, {
            leadId: row.lead_id,
            applicationId: row.id,
            action: 'started',
            text: 'Application started in the portal',
            byUserId: null,
          });
        }
        return createApplicantSession(tx, link.email);
      });
      if (!token) throw new HttpError(400, LINK_INVALID_MESSAGE);
      return { token };
    },
  );

  api.delete(
    '/applicant/session',
    { config: { access: 'applicant' }, schema: { summary: 'Sign out of the applicant portal', response: { 200: messageAnswer } } },
    async (request) => {
      await endApplicantSession(ctx.db.pool, applicantOf(request).tokenHash);
      return { message: 'You have signed out.' };
    },
  );

  api.get(
    '/applicant/application',
    {
      config: { access: 'applicant' },
      schema: { summary: "The signed-in applicant's application", response: { 200: applicantApplicationAnswer, 404: errorAnswer } },
    },
    async (request) => view(applicantOf(request).email),
  );

  api.patch(
    '/applicant/application',
    {
      config: { access: 'applicant' },
      schema: {
        summary: 'Save some fields of the draft (as the applicant types); other fields stay as they are',
        body: draftSchema,
        example: { first_name: 'Amira', city: 'Toronto' },
        response: { 200: applicantApplicationAnswer, 400: errorAnswer, 409: errorAnswer },
      },
    },
    async (request) => {
      const { email } = applicantOf(request);
      await saveDraft(ctx, email, request.body);
      return view(email);
    },
  );

  api.post(
    '/applicant/application/steps/:step',
    {
      config: { access: 'applicant' },
      schema: {
        summary: 'Check one step as saved: every field of it filled and valid (field messages otherwise)',
        params: stepParams,
        response: { 200: applicantApplicationAnswer, 400: errorAnswer, 404: errorAnswer },
      },
    },
    async (request) => {
      const { step } = request.params;
      if (!isCheckedStep(step)) throw new HttpError(404, 'There is no such step.');
      const { email } = applicantOf(request);
      await checkStep(ctx, email, step);
      return view(email);
    },
  );

  api.post(
    '/applicant/application/submit',
    {
      config: { access: 'applicant' },
      schema: {
        summary: 'Submit the application (every step complete, every required document uploaded)',
        response: { 200: applicantApplicationAnswer, 400: errorAnswer },
      },
    },
    async (request) => {
      const { email } = applicantOf(request);
      await submitApplication(ctx, email);
      return view(email);
    },
  );

  api.post(
    '/applicant/application/answer',
    {
      config: { access: 'applicant' },
      schema: {
        summary: 'Answer an offer of admission: accept, decline, or ask to defer',
        body: z.object({ answer: answerChoiceSchema }),
        response: { 200: applicantApplicationAnswer, 409: errorAnswer },
      },
    },
    async (request) => {
      const { email } = applicantOf(request);
      await answerOffer(ctx, email, request.body.answer);
      return view(email);
    },
  );
}
