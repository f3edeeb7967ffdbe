/**
 * Issue 33: the staff side of applications under /api/crm: the list, one application, document
 * review, internal notes, the decision, the decision letters and the lead's application link.
 * Who sees which application: staff-visibility.ts (out of view answers 404, as unknown does).
 * Every write is one transaction with its audit entry; the answer is the application as it is then.
 */
import type { AppContext } from '../context';
import { staffOf } from '../auth/guards';
import { auditWho } from '../audit/audit-log';
import { errorAnswer, messageAnswer } from '../openapi/answers-public';
import { fieldErrorsValidator, idParams, type ApiInstance, typedScope } from '../routes/route-schema';
import { z } from 'zod';
import { applicationViewOf } from './staff-visibility';
import { applicationQuerySchema } from './application-list-query';
import { listApplications } from './application-list';
import { staffApplication } from './staff-application';
import { reviewDocument, reviewSchema } from './review-document';
import { addNote, noteSchema } from './staff-notes';
import { decisionSchema, releaseDecision } from './decision-release';
import { decisionLetters, letterSchema, saveDecisionLetter } from './decision-letters';
import { LINK_SENT_MESSAGE, sendApplicationLink } from './staff-invite';
import { applicationListAnswer, decisionLettersAnswer, staffApplicationAnswer } from './staff-answers';

const documentParams = z.object({ id: z.string(), documentId: z.string() });
const oneAnswer = { 200: staffApplicationAnswer, 400: errorAnswer, 404: errorAnswer, 409: errorAnswer };

export function registerCrmApplicationRoutes(api: ApiInstance, ctx: AppContext): void {
  const viewOf = (userId: string) => applicationViewOf(ctx.db.pool, userId);
  void api.register(
    typedScope((crm) => {
      crm.get(
        '/applications',
        {
          config: { access: 'staff' },
          schema: {
            summary:
              'Applications in view (own leads; all for admins and granted accounts): filtered, sorted, 50 a page, with counts per status',
            querystring: applicationQuerySchema,
            response: { 200: applicationListAnswer, 400: errorAnswer },
          },
        },
        async (request) => listApplications(ctx.db.pool, await viewOf(staffOf(request).user._id), request.query),
      );
      crm.get(
        '/applications/:id',
        {
          config: { access: 'staff' },
          schema: {
            summary: 'One application with its checklist, documents, notes and decision',
            params: idParams,
            response: { 200: staffApplicationAnswer, 404: errorAnswer },
          },
        },
        async (request) => staffApplication(ctx.db.pool, await viewOf(staffOf(request).user._id), request.params.id),
      );
      crm.post(
        '/applications/:id/documents/:documentId/review',
        {
          config: { access: 'staff' },
          validatorCompiler: fieldErrorsValidator,
          schema: {
            summary: 'Accept a document, or return it with a reason the applicant reads (e-mailed to them)',
            params: documentParams,
            body: reviewSchema,
            response: oneAnswer,
          },
        },
        async (request) => {
          const view = await viewOf(staffOf(request).user._id);
          const { id, documentId } = request.params;
          await ctx.db.transaction((tx) =>
            reviewDocument(tx, ctx, view, { applicationId: id, documentId }, request.body, auditWho(request)),
          );
          ctx.mailer.kick();
          return staffApplication(ctx.db.pool, view, id);
        },
      );
      crm.post(
        '/applications/:id/notes',
        {
          config: { access: 'staff' },
          validatorCompiler: fieldErrorsValidator,
          schema: {
            summary: 'Add an internal note (never shown to the applicant)',
            params: idParams,
            body: noteSchema,
            example: { text: 'Called about the transcript.' },
            response: oneAnswer,
          },
        },
        async (request) => {
          const view = await viewOf(staffOf(request).user._id);
          await ctx.db.transaction((tx) => addNote(tx, view, request.params.id, request.body.text, auditWho(request)));
          return staffApplication(ctx.db.pool, view, request.params.id);
        },
      );
      crm.post(
        '/applications/:id/decision',
        {
          config: { access: 'staff' },
          validatorCompiler: fieldErrorsValidator,
          schema: {
            summary: 'Release the decision (once): the letter from its template, e-mailed to the applicant; a second release is a 409',
            params: idParams,
            body: decisionSchema,
            response: oneAnswer,
          },
        },
        async (request) => {
          const view = await viewOf(staffOf(request).user._id);
          await ctx.db.transaction((tx) => releaseDecision(tx, ctx, view, request.params.id, request.body, auditWho(request)));
          ctx.mailer.kick();
          return staffApplication(ctx.db.pool, view, request.params.id);
        },
      );
      crm.get(
        '/decision-letters',
        {
          config: { access: 'staff' },
          schema: { summary: 'The letter of each decision, with {{placeholders}}', response: { 200: decisionLettersAnswer } },
        },
        async () => ({ letters: await decisionLetters(ctx.db.pool) }),
      );
      crm.put(
        '/decision-letters',
        {
          config: { access: 'admin' },
          validatorCompiler: fieldErrorsValidator,
          schema: {
            summary: "Save one decision's letter (admins)",
            body: letterSchema,
            example: {
              decision: 'waitlisted',
              subject: 'Your application to {{college}}',
              body: 'Dear {{first_name}},\n\nYou are on the waitlist of {{program}}.',
            },
            response: { 200: decisionLettersAnswer, 400: errorAnswer, 403: errorAnswer },
          },
        },
        async (request) => {
          await ctx.db.transaction((tx) => saveDecisionLetter(tx, request.body, auditWho(request)));
          return { letters: await decisionLetters(ctx.db.pool) };
        },
      );
      crm.post(
        '/leads/:id/application-link',
        {
          config: { access: 'staff' },
          schema: {
            summary: "E-mail the lead a sign-in link to the applicant portal, for the lead's program",
            params: idParams,
            response: { 200: messageAnswer, 404: errorAnswer, 429: errorAnswer },
          },
        },
        async (request) => {
          await sendApplicationLink(ctx, request.params.id, { ...auditWho(request), actorId: staffOf(request).user._id });
          return { message: LINK_SENT_MESSAGE };
        },
      );
    }),
    { prefix: '/crm' },
  );
}
