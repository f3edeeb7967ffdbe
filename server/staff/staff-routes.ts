/**
 * Staff accounts under /api/crm/staff: every member can list them (owner pickers); only an admin
 * invites, changes roles and deactivates (403 for a counsellor).
 */
import { z } from 'zod';
import type { AppContext } from '../context';
import type { StaffMember } from '../../src/crm-contract';
import { staffOf } from '../auth/guards';
import { isValidEmail } from '../auth/users';
import { HttpError } from '../http/errors';
import { findStaff, listStaff, STAFF_NOT_FOUND_MESSAGE } from './staff-store';
import { inviteStaff } from './invitations';
import { changeStaff, ROLE_MESSAGE, staffChangeSchema, staffNameField } from './staff-changes';
import { auditWho } from '../audit/audit-log';
import { errorAnswer } from '../openapi/answers-public';
import { staffListAnswer, staffMemberAnswer } from '../openapi/answers-staff';
import { idParams, type ApiInstance, type ZodTypeProvider } from '../routes/route-schema';

export const inviteSchema = z.object(
  {
    name: staffNameField,
    email: z
      .string({ error: 'Please enter a valid email address.' })
      .trim()
      .refine(isValidEmail, { error: 'Please enter a valid email address.' }),
    role: z.enum(['admin', 'counsellor'], { error: ROLE_MESSAGE }),
  },
  { error: 'Please enter the name.' },
);

export function registerStaffRoutes(api: ApiInstance, ctx: AppContext): void {
  void api.register(
    async (scope) => {
      const staff = scope.withTypeProvider<ZodTypeProvider>();
      // Accounts are never deleted, so a member just written is found.
      const memberOrNotFound = async (id: string) => {
        const member = await findStaff(ctx.db.pool, id);
        if (!member) throw new HttpError(404, STAFF_NOT_FOUND_MESSAGE);
        return member;
      };

      staff.get(
        '/',
        { config: { access: 'staff' }, schema: { summary: 'Every staff account (for owner pickers)', response: { 200: staffListAnswer } } },
        async (): Promise<{ staff: StaffMember[] }> => ({ staff: await listStaff(ctx.db.pool) }),
      );

      staff.post(
        '/',
        {
          config: { access: 'admin' },
          schema: {
            summary: 'Invite a staff member (they choose a password from the e-mailed link)',
            body: inviteSchema,
            example: { name: 'Grace Hopper', email: 'grace@example.com', role: 'counsellor' },
            response: { 201: staffMemberAnswer, 409: errorAnswer },
          },
        },
        async (request, reply) => {
          const input = request.body;
          const id = await inviteStaff(
            ctx.db,
            ctx.mailer,
            ctx.config.siteUrl,
            { ...input, invitedBy: staffOf(request).user.name },
            auditWho(request),
          );
          request.log.info({ userId: id, role: input.role }, 'staff member invited');
          return reply.status(201).send(await memberOrNotFound(id));
        },
      );

      staff.patch(
        '/:id',
        {
          config: { access: 'admin' },
          schema: {
            summary:
              "Change a member's name, role, status, catalogue-editor, lead-export or all-applications permission, naming the version read",
            params: idParams,
            body: staffChangeSchema,
            example: { version: 1, role: 'counsellor', catalogue_editor: true },
            response: { 200: staffMemberAnswer, 404: errorAnswer, 409: errorAnswer },
          },
        },
        async (request) => {
          const change = request.body;
          if (!(await changeStaff(ctx.db, request.params.id, change, auditWho(request)))) throw new HttpError(404, STAFF_NOT_FOUND_MESSAGE);
          request.log.info(
            {
              userId: request.params.id,
              role: change.role,
              status: change.status,
              catalogueEditor: change.catalogue_editor,
              leadExporter: change.lead_exporter,
              allApplications: change.all_applications,
              signContracts: change.sign_contracts,
            },
            'staff account changed',
          );
          return memberOrNotFound(request.params.id);
        },
      );
    },
    { prefix: '/crm/staff' },
  );
}
