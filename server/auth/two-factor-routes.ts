/**
 * Two-factor sign-in (TOTP) for staff: the code step of sign-in, and each account's own settings
 * (set up with a QR code and a first code, recovery codes, turning it off) plus the college-wide
 * rule that every account must use it. Changing a factor needs the current password and ends the
 * account's other sessions.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { z } from 'zod';
import type { AppContext } from '../context';
import type { MessageAnswer, RecoveryCodesAnswer, SignInAnswer, TwoFactorSetupAnswer, TwoFactorStatus } from '../../src/contract';
import { HttpError } from '../http/errors';
import { staffOf } from './guards';
import { errorAnswer, messageAnswer } from '../openapi/answers-public';
import { recoveryCodesAnswer, signInAnswer, twoFactorSetupAnswer, twoFactorStatusAnswer } from '../openapi/answers-staff';
import type { ApiInstance } from '../routes/route-schema';
import { findUserById, toPublicUser } from './users';
import { beginSigninAttempt, THROTTLED_MESSAGE, WINDOW_MINUTES } from './signin-throttle';
import { deleteChallenge, useChallengeTry } from './signin-challenge';
import { completeSignIn } from './complete-signin';
import { refuseInactiveAccount } from '../staff/account-status';
import { confirmCurrentPassword } from './current-password';
import { revokeOtherSessions } from './sessions';
import { replaceRecoveryCodes } from './recovery-codes';
import { totpQrDataUrl, totpUri } from './totp';
import { auditWho, recordAudit } from '../audit/audit-log';
import {
  beginEnrolment,
  confirmEnrolment,
  disableTwoFactor,
  hasTwoFactor,
  setTwoFactorRequired,
  twoFactorStatus,
  verifySecondFactor,
} from './two-factor';

export const CHALLENGE_EXPIRED = 'This sign-in has expired. Please enter your email and password again.';
export const CODE_WRONG = 'That code is not valid. Enter the current code from your app, or one of your recovery codes.';
export const SETUP_CODE_WRONG = 'That code is not valid. Check that the time on your phone is right and enter the current code.';
export const TWO_FACTOR_ON = 'Two-factor sign-in is on. Keep these recovery codes somewhere safe: each works once.';
export const NEW_RECOVERY_CODES = 'Here are your new recovery codes. The old ones no longer work.';
export const TWO_FACTOR_OFF = 'Two-factor sign-in is off.';
export const ALREADY_ON = 'Two-factor sign-in is already on. Turn it off first to move it to another device.';
export const NOT_ON = 'Two-factor sign-in is not on for this account.';
export const REQUIRED_CANNOT_DISABLE = 'Two-factor sign-in is required for every staff account, so it cannot be turned off.';
export const ENABLE_OWN_FIRST = 'Turn on two-factor sign-in for your own account before requiring it of everyone.';

const codeField = z.string({ error: 'Please enter the code.' }).trim().min(1, 'Please enter the code.').max(64, CODE_WRONG);
const passwordField = z.string({ error: 'Please enter your current password.' }).min(1, 'Please enter your current password.').max(1024);
export const signinCodeBody = z.object({ challenge: z.string({ error: CHALLENGE_EXPIRED }).max(200), code: codeField });
export const passwordBody = z.object({ password: passwordField });
export const confirmBody = z.object({ code: codeField });
export const policyBody = z.object({ required: z.boolean({ error: 'Say whether two-factor sign-in is required (true or false).' }) });

export function registerTwoFactorRoutes(api: ApiInstance, ctx: AppContext): void {
  const pool = ctx.db.pool;
  const withPassword = { body: passwordBody, example: { password: 'their current password' } };

  api.post(
    '/users/signin/two-factor',
    {
      config: { access: 'site' },
      schema: {
        summary: 'Second sign-in step: the challenge and a code from the app or a recovery code',
        body: signinCodeBody,
        example: { challenge: 'from the first step', code: '123456' },
        response: { 200: signInAnswer, 401: errorAnswer, 429: errorAnswer },
      },
    },
    async (request, reply): Promise<SignInAnswer> => {
      const { challenge, code } = request.body;
      reply.header('Cache-Control', 'no-store');
      const pending = await useChallengeTry(pool, challenge);
      const user = pending ? await findUserById(pool, pending.userId) : null;
      if (!pending || !user) throw new HttpError(401, CHALLENGE_EXPIRED, { challengeExpired: true });
      // Each code is an attempt on the account like a password: same limits (address, account and address) and delay.
      const attempt = await beginSigninAttempt(ctx.db, user.email, request.ip);
      if (attempt.throttled) {
        ctx.metrics.signinThrottled.inc();
        throw new HttpError(429, THROTTLED_MESSAGE, {}, { 'Retry-After': String(WINDOW_MINUTES * 60) });
      }
      await delay(attempt.delayMs);
      const factor = await verifySecondFactor(pool, ctx.secrets, user._id, code);
      if (!factor) {
        ctx.metrics.signinFailures.inc();
        request.log.info({ userId: user._id, ip: request.ip }, 'sign-in code refused');
        await recordAudit(pool, {
          actorId: user._id,
          ip: request.ip,
          action: 'signin.failed',
          details: { email: user.email, reason: 'code' },
        });
        throw new HttpError(401, CODE_WRONG);
      }
      await deleteChallenge(pool, challenge);
      // Deactivated between the password and the code: no session.
      await refuseInactiveAccount(pool, user._id);
      const answer = await completeSignIn(pool, toPublicUser(user), [pending.attemptId, attempt.id]);
      await recordAudit(pool, { actorId: user._id, ip: request.ip, action: 'signin.succeeded', details: { email: user.email, factor } });
      request.log.info({ userId: user._id, ip: request.ip, factor }, 'sign-in succeeded with a second factor');
      return answer;
    },
  );

  api.get(
    '/users/two-factor',
    {
      config: { access: 'staff_before_two_factor' },
      schema: { summary: 'Two-factor sign-in: on or off, required or not, recovery codes left', response: { 200: twoFactorStatusAnswer } },
    },
    async (request): Promise<TwoFactorStatus> => {
      return twoFactorStatus(pool, staffOf(request).user._id);
    },
  );

  api.post(
    '/users/two-factor/setup',
    {
      config: { access: 'staff_before_two_factor' },
      schema: {
        summary: 'Start turning on two-factor sign-in: the key and its QR code',
        ...withPassword,
        response: { 200: twoFactorSetupAnswer, 409: errorAnswer, 429: errorAnswer },
      },
    },
    async (request): Promise<TwoFactorSetupAnswer> => {
      const { user, tokenHash } = staffOf(request);
      const { password } = request.body;
      if (await hasTwoFactor(pool, user._id)) throw new HttpError(409, ALREADY_ON);
      await confirmCurrentPassword(ctx.db, user, password, { tokenHash, ip: request.ip });
      const secret = await beginEnrolment(pool, ctx.secrets, user._id);
      const otpauthUri = totpUri(secret, user.email);
      return { secret, otpauthUri, qrCode: await totpQrDataUrl(otpauthUri) };
    },
  );

  api.post(
    '/users/two-factor/confirm',
    {
      config: { access: 'staff_before_two_factor' },
      schema: {
        summary: 'Confirm with a first code: turns it on and answers recovery codes',
        body: confirmBody,
        example: { code: '123456' },
        response: { 200: recoveryCodesAnswer },
      },
    },
    async (request): Promise<RecoveryCodesAnswer> => {
      const { user, tokenHash } = staffOf(request);
      const { code } = request.body;
      const recoveryCodes = await confirmEnrolment(ctx.db, ctx.secrets, user._id, code);
      if (!recoveryCodes) throw new HttpError(400, SETUP_CODE_WRONG);
      await revokeOtherSessions(pool, user._id, tokenHash);
      request.log.info({ userId: user._id }, 'two-factor sign-in turned on');
      await recordAudit(pool, { ...auditWho(request), action: 'two_factor.enabled' });
      return { message: TWO_FACTOR_ON, recoveryCodes };
    },
  );

  api.post(
    '/users/two-factor/recovery-codes',
    {
      config: { access: 'staff_before_two_factor' },
      schema: {
        summary: 'New recovery codes (the old ones stop working)',
        ...withPassword,
        response: { 200: recoveryCodesAnswer, 409: errorAnswer, 429: errorAnswer },
      },
    },
    async (request): Promise<RecoveryCodesAnswer> => {
      const { user, tokenHash } = staffOf(request);
      const { password } = request.body;
      if (!(await hasTwoFactor(pool, user._id))) throw new HttpError(409, NOT_ON);
      await confirmCurrentPassword(ctx.db, user, password, { tokenHash, ip: request.ip });
      request.log.info({ userId: user._id }, 'recovery codes replaced');
      await recordAudit(pool, { ...auditWho(request), action: 'two_factor.recovery_codes' });
      return { message: NEW_RECOVERY_CODES, recoveryCodes: await replaceRecoveryCodes(pool, user._id) };
    },
  );

  api.post(
    '/users/two-factor/disable',
    {
      config: { access: 'staff_before_two_factor' },
      schema: {
        summary: 'Turn two-factor sign-in off',
        ...withPassword,
        response: { 200: messageAnswer, 409: errorAnswer, 429: errorAnswer },
      },
    },
    async (request): Promise<MessageAnswer> => {
      const { user, tokenHash } = staffOf(request);
      const { password } = request.body;
      const status = await twoFactorStatus(pool, user._id);
      if (!status.enabled) throw new HttpError(409, NOT_ON);
      if (status.required) throw new HttpError(409, REQUIRED_CANNOT_DISABLE);
      await confirmCurrentPassword(ctx.db, user, password, { tokenHash, ip: request.ip });
      await disableTwoFactor(ctx.db, user._id);
      await revokeOtherSessions(pool, user._id, tokenHash);
      request.log.info({ userId: user._id }, 'two-factor sign-in turned off');
      await recordAudit(pool, { ...auditWho(request), action: 'two_factor.disabled' });
      return { message: TWO_FACTOR_OFF };
    },
  );

  api.put(
    '/users/two-factor/policy',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Require two-factor sign-in of every account, or not',
        body: policyBody,
        example: { required: false },
        response: { 200: twoFactorStatusAnswer, 409: errorAnswer },
      },
    },
    async (request): Promise<TwoFactorStatus> => {
      const { user } = staffOf(request);
      const { required } = request.body;
      if (required && !(await hasTwoFactor(pool, user._id))) throw new HttpError(409, ENABLE_OWN_FIRST);
      await setTwoFactorRequired(pool, required);
      request.log.info({ userId: user._id, required }, 'two-factor requirement changed');
      await recordAudit(pool, { ...auditWho(request), action: 'settings.two_factor_required', details: { required } });
      return twoFactorStatus(pool, user._id);
    },
  );
}
