/**
 * E-mail from the lead page under /api/crm/leads/:id: the compose panel's preview (the text filled
 * in for this lead, the consent that applies, whether it may go) and sending it, from the signed-in
 * member. A refused send (no consent for a commercial message, a suppressed address) is a 409 with
 * the reason; input at fault a 400 naming the field.
 */
import { z } from 'zod';
import type { AppContext } from '../context';
import type { ComposePreview, SentEmailAnswer } from '../../src/outreach-contract';
import { staffOf } from '../auth/guards';
import { errorAnswer } from '../openapi/answers-public';
import { composePreviewAnswer, sentEmailAnswer } from '../openapi/answers-outreach';
import { prepareLeadEmail } from './prepare-email';
import { queueLeadEmail } from './send-lead-email';
import type { LeadEmailRequest } from './lead-email-request';
import { fieldErrorsValidator, idParams, type ApiInstance, typedScope } from '../routes/route-schema';

const composeSchema = z.object(
  {
    template_id: z.string({ error: 'Please choose a template from the list.' }).max(20).optional(),
    subject: z.string({ error: 'Please write the subject.' }).optional(),
    body: z.string({ error: 'Please write the message.' }).optional(),
    direct_answer: z.boolean({ error: 'Say whether this answers the student’s own question.' }).optional(),
  },
  { error: 'Please write the message.' },
);
type ComposeInput = z.output<typeof composeSchema>;

const requestOf = (leadId: string, senderId: string, body: ComposeInput): LeadEmailRequest => ({
  leadId,
  senderId,
  ...(body.template_id ? { templateId: body.template_id } : {}),
  ...(body.subject !== undefined ? { subject: body.subject } : {}),
  ...(body.body !== undefined ? { body: body.body } : {}),
  directAnswer: body.direct_answer === true,
  origin: { kind: 'staff' },
});

export function registerLeadEmailRoutes(api: ApiInstance, ctx: AppContext): void {
  void api.register(
    typedScope((crm) => {
      crm.setValidatorCompiler(fieldErrorsValidator);

      crm.post(
        '/leads/:id/email/preview',
        {
          config: { access: 'staff' },
          schema: {
            summary: 'Preview an e-mail to a lead: the text filled in, the consent that applies, whether it may be sent',
            params: idParams,
            body: composeSchema,
            example: { subject: 'Your question about {{course_name}}', body: 'Hello {{first_name}},', direct_answer: true },
            response: { 200: composePreviewAnswer, 400: errorAnswer, 404: errorAnswer, 409: errorAnswer },
          },
        },
        async (request): Promise<ComposePreview> => {
          const draft = requestOf(request.params.id, staffOf(request).user._id, request.body);
          const email = await prepareLeadEmail(ctx.db.pool, ctx.catalogue, draft, new Date(), true);
          return {
            to: email.lead.email,
            from_name: email.fromName,
            subject: email.subject,
            body: email.body,
            purpose: email.purpose,
            consent: email.consent.line,
            allowed: email.refusal === null,
            reason: email.refusal,
            repliesConnected: Boolean(ctx.config.imapUrl),
          };
        },
      );

      crm.post(
        '/leads/:id/emails',
        {
          config: { access: 'staff' },
          schema: {
            summary: 'Send an e-mail to a lead from the signed-in member (queued; the timeline shows it)',
            params: idParams,
            body: composeSchema,
            example: {
              subject: 'Your question about {{course_name}}',
              body: 'Hello {{first_name}},\n\nYes, evening classes run twice a week.',
              direct_answer: true,
            },
            response: { 201: sentEmailAnswer, 400: errorAnswer, 404: errorAnswer, 409: errorAnswer },
          },
        },
        async (request, reply) => {
          const deps = { db: ctx.db, config: ctx.config, mailer: ctx.mailer, catalogue: ctx.catalogue, ip: request.ip };
          const emailId = await queueLeadEmail(deps, requestOf(request.params.id, staffOf(request).user._id, request.body));
          const answer: SentEmailAnswer = { message: 'E-mail queued for sending.', email_id: emailId };
          return reply.status(201).send(answer);
        },
      );
    }),
    { prefix: '/crm' },
  );
}
