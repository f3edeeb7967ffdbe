/**
 * Assignment rules and speed to lead under /api/crm/assignment (admins only, 403 for others), and
 * the dashboard's median time to first contact (every staff member).
 */
import { z } from 'zod';
import type { AppContext } from '../context';
import { errorAnswer, messageAnswer } from '../openapi/answers-public';
import { assignmentRuleAnswer, assignmentSettingsAnswer, firstContactAnswer } from './answers';
import {
  assignmentSettings,
  createRule,
  deleteRule,
  ruleInputSchema,
  ruleSaveSchema,
  saveSpeedToLead,
  settingsSaveSchema,
  updateRule,
} from './rules-store';
import { firstContactMedians } from './first-contact';
import { auditWho } from '../audit/audit-log';
import { versionField } from '../crm';
import type { ApiInstance, ZodTypeProvider } from '../routes/route-schema';

const ruleParams = z.object({ id: z.string().regex(/^\d{1,18}$/, { error: 'There is no assignment rule with this id.' }) });
const example = {
  name: 'Part-time leads',
  enabled: true,
  course_type: 2,
  location: null,
  cap: 25,
  member_ids: ['0123456789abcdef01234567'],
};

export function registerAssignmentRoutes(api: ApiInstance, ctx: AppContext): void {
  void api.register(
    async (scope) => {
      const crm = scope.withTypeProvider<ZodTypeProvider>();

      crm.get(
        '/dashboard/first-contact',
        {
          config: { access: 'staff' },
          schema: {
            summary: 'Median business hours from inquiry to first contact, by week and by counsellor (the last 12 weeks)',
            response: { 200: firstContactAnswer },
          },
        },
        async () => firstContactMedians(ctx.db.pool, new Date()),
      );

      crm.get(
        '/assignment',
        {
          config: { access: 'admin' },
          schema: { summary: 'Assignment rules, speed to lead and who may receive leads', response: { 200: assignmentSettingsAnswer } },
        },
        async () => assignmentSettings(ctx.db.pool),
      );

      crm.post(
        '/assignment/rules',
        {
          config: { access: 'admin' },
          schema: {
            summary: 'Add an assignment rule (last in order)',
            body: ruleInputSchema,
            example,
            response: { 201: assignmentRuleAnswer },
          },
        },
        async (request, reply) => reply.status(201).send(await createRule(ctx.db, request.body, auditWho(request))),
      );

      crm.put(
        '/assignment/rules/:id',
        {
          config: { access: 'admin' },
          schema: {
            summary: 'Change an assignment rule, naming the version read',
            params: ruleParams,
            body: ruleSaveSchema,
            response: { 200: assignmentRuleAnswer, 404: errorAnswer, 409: errorAnswer },
          },
        },
        async (request) => updateRule(ctx.db, request.params.id, request.body, auditWho(request)),
      );

      crm.delete(
        '/assignment/rules/:id',
        {
          config: { access: 'admin' },
          schema: {
            summary: 'Remove an assignment rule, naming the version read',
            params: ruleParams,
            querystring: z.object({ version: z.coerce.number().pipe(versionField) }),
            response: { 200: messageAnswer, 404: errorAnswer, 409: errorAnswer },
          },
        },
        async (request) => {
          await deleteRule(ctx.db, request.params.id, request.query.version, auditWho(request));
          return { message: 'Rule removed.' };
        },
      );

      crm.put(
        '/assignment/speed-to-lead',
        {
          config: { access: 'admin' },
          schema: {
            summary: 'Set the business hours within which a new lead must be contacted',
            body: settingsSaveSchema,
            example: { speed_to_lead_hours: 4, version: 1 },
            response: { 200: assignmentSettingsAnswer, 409: errorAnswer },
          },
        },
        async (request) => {
          await saveSpeedToLead(ctx.db.pool, request.body.speed_to_lead_hours, request.body.version);
          return assignmentSettings(ctx.db.pool);
        },
      );
    },
    { prefix: '/crm' },
  );
}
