/**
 * Staff accounts under /api/crm/staff: every member can list them (owner pickers); only an admin
 * invites, changes roles and deactivates (403 for a counsellor).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import type { StaffMember } from '../../src/crm-contract';
import { activeAccountGuard } from '../staff/account-status';
import { staffGuard, staffOf } from '../auth/guard';
import { isValidEmail } from '../auth/users';
import { HttpError, parseInput } from '../http/errors';
import { adminGuard, findStaff, listStaff, STAFF_NOT_FOUND_MESSAGE } from '../staff/staff-store';
import { inviteStaff } from '../staff/invitations';
import { changeStaff, ROLE_MESSAGE, staffChangeSchema } from '../staff/staff-changes';
import { auditWho } from '../audit/audit-log';

export const inviteSchema = z.object(
  {
    name: z.string({ error: 'Please enter the name.' }).trim().min(1, { error: 'Please enter the name.' })
      .max(100, { error: 'The name is too long (at most 100 characters).' }),
    email: z.string({ error: 'Please enter a valid email address.' }).trim()
      .refine(isValidEmail, { error: 'Please enter a valid email address.' }),
    role: z.enum(['admin', 'counsellor'], { error: ROLE_MESSAGE }),
  },
  { error: 'Please enter the name.' },
);

export function registerStaffRoutes(api: FastifyInstance, ctx: AppContext): void {
  void api.register(
    async (staff) => {
      staff.addHook('preHandler', staffGuard(ctx));
      staff.addHook('preHandler', activeAccountGuard(ctx));
      const admin = adminGuard(ctx);

      staff.get('/', async (): Promise<{ staff: StaffMember[] }> => ({ staff: await listStaff(ctx.db.pool) }));

      staff.post('/', { preHandler: admin }, async (request, reply) => {
        const input = parseInput(inviteSchema, request.body);
        const id = await inviteStaff(ctx.db, ctx.mailer, ctx.config.siteUrl, { ...input, invitedBy: staffOf(request).user.name }, auditWho(request));
        request.log.info({ userId: id, role: input.role }, 'staff member invited');
        return reply.status(201).send(await findStaff(ctx.db.pool, id));
      });

      staff.patch<{ Params: { id: string } }>('/:id', { preHandler: admin }, async (request) => {
        const change = parseInput(staffChangeSchema, request.body);
        if (!(await changeStaff(ctx.db, request.params.id, change, auditWho(request)))) throw new HttpError(404, STAFF_NOT_FOUND_MESSAGE);
        request.log.info({ userId: request.params.id, role: change.role, status: change.status, catalogueEditor: change.catalogue_editor, leadExporter: change.lead_exporter }, 'staff account changed');
        return findStaff(ctx.db.pool, request.params.id);
      });
    },
    { prefix: '/crm/staff' },
  );
}
