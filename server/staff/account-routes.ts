/** The signed-in member's own account under /api/users/account: who they are, their name, their password. */
import { z } from 'zod';
import type { AppContext } from '../context';
import type { AccountAnswer } from '../../src/crm-contract';
import type { MessageAnswer } from '../../src/contract';
import { SIGNED_OUT_MESSAGE, staffOf } from '../auth/guards';
import { HttpError } from '../http/errors';
import { findStaff } from './staff-store';
import { changeOwnPassword, ownPasswordSchema, PASSWORD_CHANGED } from './own-password';
import { renameOwnAccount, staffNameField } from './staff-changes';
import { auditWho, recordAudit } from '../audit/audit-log';
import { errorAnswer, messageAnswer } from '../openapi/answers-public';
import { accountAnswer } from '../openapi/answers-staff';
import type { ApiInstance } from '../routes/route-schema';

const ownNameSchema = z.object({ name: staffNameField }, { error: 'Please enter the name.' });

export function registerAccountRoutes(api: ApiInstance, ctx: AppContext): void {
  api.get(
    '/users/account',
    {
      config: { access: 'staff' },
      schema: { summary: "The signed-in member's account", response: { 200: accountAnswer } },
    },
    async (request): Promise<AccountAnswer> => {
      const user = await findStaff(ctx.db.pool, staffOf(request).user._id);
      if (!user) throw new HttpError(401, SIGNED_OUT_MESSAGE);
      return { user };
    },
  );

  api.patch(
    '/users/account',
    {
      config: { access: 'staff' },
      schema: {
        summary: "Change one's own name (mails to students are signed with it; audited)",
        body: ownNameSchema,
        example: { name: 'Dana Whitfield' },
        response: { 200: accountAnswer },
      },
    },
    async (request): Promise<AccountAnswer> => {
      const id = staffOf(request).user._id;
      await renameOwnAccount(ctx.db, id, request.body.name, auditWho(request));
      const user = await findStaff(ctx.db.pool, id);
      if (!user) throw new HttpError(401, SIGNED_OUT_MESSAGE);
      return { user };
    },
  );

  api.post(
    '/users/account/password',
    {
      config: { access: 'staff' },
      schema: {
        summary: "Change one's own password (ends the account's other sessions)",
        body: ownPasswordSchema,
        example: { current_password: 'their current password', password: 'a new long passphrase', cPassword: 'a new long passphrase' },
        response: { 200: messageAnswer, 429: errorAnswer },
      },
    },
    async (request): Promise<MessageAnswer> => {
      const staff = staffOf(request);
      await changeOwnPassword(ctx.db, staff.user._id, staff.tokenHash, request.body, request.ip);
      await recordAudit(ctx.db.pool, { ...auditWho(request), action: 'password.changed', details: { how: 'own account page' } });
      request.log.info({ userId: staff.user._id }, 'password changed by its owner; other sessions ended');
      return { message: PASSWORD_CHANGED };
    },
  );
}
