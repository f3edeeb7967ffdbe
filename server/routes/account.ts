/** The signed-in member's own account under /api/users/account: who they are, their password. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import type { AccountAnswer } from '../../src/crm-contract';
import type { MessageAnswer } from '../../src/contract';
import { staffGuard, staffOf } from '../auth/guard';
import { HttpError, parseInput } from '../http/errors';
import { findStaff } from '../staff/staff-store';
import { changeOwnPassword, ownPasswordSchema, PASSWORD_CHANGED } from '../staff/own-password';
import { SIGNED_OUT_MESSAGE } from '../auth/guard';
import { auditWho, recordAudit } from '../audit/audit-log';

export function registerAccountRoutes(api: FastifyInstance, ctx: AppContext): void {
  const guard = staffGuard(ctx);

  api.get('/users/account', { preHandler: guard }, async (request): Promise<AccountAnswer> => {
    const user = await findStaff(ctx.db.pool, staffOf(request).user._id);
    if (!user) throw new HttpError(401, SIGNED_OUT_MESSAGE);
    return { user };
  });

  api.post('/users/account/password', { preHandler: guard }, async (request): Promise<MessageAnswer> => {
    const body = parseInput(ownPasswordSchema, request.body);
    const staff = staffOf(request);
    await changeOwnPassword(ctx.db, staff.user._id, staff.tokenHash, body, request.ip);
    await recordAudit(ctx.db.pool, { ...auditWho(request), action: 'password.changed', details: { how: 'own account page' } });
    request.log.info({ userId: staff.user._id }, 'password changed by its owner; other sessions ended');
    return { message: PASSWORD_CHANGED };
  });
}
