/**
 * E-mail templates under /api/crm/templates: every signed-in member reads the live ones (the
 * compose panel offers them); admins also see retired ones and alone create, change and retire
 * them (403 for others). A save names each field at fault, an unknown `{{field}}` included.
 */
import type { AppContext } from '../context';
import type { EmailTemplate, TemplateList } from '../../src/outreach-contract';
import { staffOf } from '../auth/guards';
import { auditWho } from '../audit/audit-log';
import { errorAnswer } from '../openapi/answers-public';
import { emailTemplateAnswer, templateListAnswer } from '../openapi/answers-outreach';
import { templateSchema } from './template-input';
import { changeTemplate, createTemplate, listTemplates, retireTemplate } from './template-store';
import { fieldErrorsValidator, idParams, type ApiInstance, typedScope } from '../routes/route-schema';

const EXAMPLE = {
  name: 'Next intake reminder',
  kind: 'commercial',
  subject: '{{course_name}} starts {{intake_date}}',
  body: 'Hello {{first_name}},\n\nThe next intake of {{course_name}} starts {{intake_date}}.\n\n{{counsellor_name}}',
};

export function registerEmailTemplateRoutes(api: ApiInstance, ctx: AppContext): void {
  void api.register(
    typedScope((crm) => {
      crm.setValidatorCompiler(fieldErrorsValidator);

      crm.get(
        '/templates',
        {
          config: { access: 'staff' },
          schema: { summary: 'E-mail templates: the live ones (admins also see retired ones)', response: { 200: templateListAnswer } },
        },
        async (request): Promise<TemplateList> => {
          const admin = staffOf(request).role === 'admin';
          return { templates: await listTemplates(ctx.db.pool, admin) };
        },
      );

      crm.post(
        '/templates',
        {
          config: { access: 'admin' },
          schema: {
            summary: 'Create an e-mail template (admins)',
            body: templateSchema,
            example: EXAMPLE,
            response: { 201: emailTemplateAnswer, 400: errorAnswer, 403: errorAnswer },
          },
        },
        async (request, reply) => reply.status(201).send(await createTemplate(ctx.db, auditWho(request), request.body)),
      );

      crm.put(
        '/templates/:id',
        {
          config: { access: 'admin' },
          schema: {
            summary: 'Change an e-mail template (admins)',
            params: idParams,
            body: templateSchema,
            example: EXAMPLE,
            response: { 200: emailTemplateAnswer, 400: errorAnswer, 403: errorAnswer, 404: errorAnswer, 409: errorAnswer },
          },
        },
        async (request): Promise<EmailTemplate> => changeTemplate(ctx.db, auditWho(request), request.params.id, request.body),
      );

      crm.post(
        '/templates/:id/retire',
        {
          config: { access: 'admin' },
          schema: {
            summary: 'Retire an e-mail template: no longer offered, kept for the messages sent from it (admins)',
            params: idParams,
            response: { 200: emailTemplateAnswer, 403: errorAnswer, 404: errorAnswer },
          },
        },
        async (request): Promise<EmailTemplate> => retireTemplate(ctx.db, auditWho(request), request.params.id),
      );
    }),
    { prefix: '/crm' },
  );
}
