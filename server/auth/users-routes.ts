/**
 * Staff accounts: sign-in, sign-out, who am I, and password reset (request and completion).
 * Messages are the seed's where it shows them. Sign-in results are logged with the e-mail and
 * client address, never the password or token.
 */
import { z } from 'zod';
import type { AppContext } from '../context';
import type { MessageAnswer, PublicUser, SignInResult } from '../../src/contract';
import { HttpError } from '../http/errors';
import { staffOf } from './guards';
import { errorAnswer, messageAnswer } from '../openapi/answers-public';
import { meAnswer, signInAnswer } from '../openapi/answers-staff';
import type { ApiInstance } from '../routes/route-schema';
import { revokeSession } from './sessions';
import { findUserByEmail, findUserById, isValidEmail, normalizeEmail, personalInputs, toPublicUser } from './users';
import { passwordProblem, verifyAgainstDummy, verifyPassword } from './passwords';
import { beginSigninAttempt, THROTTLED_MESSAGE, WINDOW_MINUTES } from './signin-throttle';
import { completeSignIn } from './complete-signin';
import { hasTwoFactor } from './two-factor';
import { createChallenge } from './signin-challenge';
import { refuseInactiveAccount } from '../staff/account-status';
import { recordAudit } from '../audit/audit-log';
import { completePasswordReset, isResetLinkLive, requestPasswordReset, RESET_LINK_INVALID } from './password-reset';

export { SIGNIN_OK } from './complete-signin';
export const TWO_FACTOR_ASKED = 'Enter the 6-digit code from your authenticator app.';
export const SIGNIN_FAILED = 'Invalid email or password.';
export const SIGNED_OUT = 'You have been signed out.';
export const RESET_REQUESTED = 'If that address is registered, we have sent a link to reset the password.';
export const RESET_MISMATCH = 'Password and Confirm Password are not same';
export const RESET_DONE = 'Your password has been reset. You can now sign in.';
/** The forgot-password answer never comes sooner than this, so timing does not tell who is registered. */
export const RESET_REQUEST_MIN_MS = 250;

export const signinBody = z.object({
  email: z.string({ error: 'Please enter your email and password.' }).trim().min(1, 'Please enter your email and password.').max(1024),
  password: z.string({ error: 'Please enter your email and password.' }).min(1, 'Please enter your email and password.').max(1024),
});

export const resetRequestBody = z.object({
  email: z
    .string({ error: 'Please enter your registered email.' })
    .trim()
    .min(1, 'Please enter your registered email.')
    .refine(isValidEmail, 'Please enter a valid email address.'),
});

export const resetBody = z.object({
  password: z.string({ error: 'Please enter a new password.' }).min(1, 'Please enter a new password.'),
  cPassword: z.string({ error: 'Please confirm the new password.' }),
  userId: z.string().optional(),
  token: z.string().optional(),
});

export const resetParams = z.object({ userId: z.string(), token: z.string() });

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function registerUserRoutes(api: ApiInstance, ctx: AppContext): void {
  // Who am I and sign-out work for an account that still has to set up two-factor sign-in.
  const pool = ctx.db.pool;

  api.post(
    '/users/signin',
    {
      config: { access: 'site' },
      schema: {
        summary: 'Staff sign-in: a session token, or a challenge when a second factor is on',
        body: signinBody,
        example: { email: 'admin@example.com', password: 'their password' },
        response: { 200: signInAnswer, 401: errorAnswer, 429: errorAnswer },
      },
    },
    async (request, reply): Promise<SignInResult> => {
      const { body } = request;
      const email = normalizeEmail(body.email);
      const ip = request.ip;
      const attempt = await beginSigninAttempt(ctx.db, email, ip);
      if (attempt.throttled) {
        request.log.warn({ email, ip }, 'sign-in refused: too many attempts');
        ctx.metrics.signinThrottled.inc();
        reply.header('Retry-After', String(WINDOW_MINUTES * 60));
        throw new HttpError(429, THROTTLED_MESSAGE);
      }
      // Recent failures on this account slow every attempt on it (never a lock-out of the owner).
      await delay(attempt.delayMs);
      const user = await findUserByEmail(pool, email);
      // An unknown address costs the same argon2 work as a wrong password.
      const ok = user ? await verifyPassword(user.passwordHash, body.password) : await verifyAgainstDummy(body.password);
      if (!user || !ok) {
        ctx.metrics.signinFailures.inc();
        request.log.info({ email, ip }, 'sign-in failed');
        await recordAudit(pool, { actorId: user?._id ?? null, ip, action: 'signin.failed', details: { email, reason: 'password' } });
        throw new HttpError(401, SIGNIN_FAILED);
      }
      await refuseInactiveAccount(pool, user._id).catch(async (error: unknown) => {
        await recordAudit(pool, { actorId: user._id, ip, action: 'signin.failed', details: { email, reason: 'deactivated' } });
        throw error;
      });
      reply.header('Cache-Control', 'no-store');
      if (await hasTwoFactor(pool, user._id)) {
        // The attempt stays a failure until the code is right (POST /users/signin/two-factor).
        const challenge = await createChallenge(pool, user._id, attempt.id);
        request.log.info({ email, ip, userId: user._id }, 'password accepted; second factor asked');
        return { message: TWO_FACTOR_ASKED, twoFactorRequired: true, challenge };
      }
      const answer = await completeSignIn(pool, toPublicUser(user), [attempt.id]);
      await recordAudit(pool, { actorId: user._id, ip, action: 'signin.succeeded', details: { email, factor: 'password' } });
      request.log.info({ email, ip, userId: user._id }, 'sign-in succeeded');
      return answer;
    },
  );

  api.post(
    '/users/signout',
    {
      config: { access: 'staff_before_two_factor' },
      schema: { summary: 'End this session', response: { 200: messageAnswer } },
    },
    async (request): Promise<MessageAnswer> => {
      const staff = staffOf(request);
      await revokeSession(pool, staff.tokenHash);
      request.log.info({ email: staff.user.email }, 'signed out');
      return { message: SIGNED_OUT };
    },
  );

  api.get(
    '/users/me',
    { config: { access: 'staff_before_two_factor' }, schema: { summary: 'Who is signed in', response: { 200: meAnswer } } },
    async (request): Promise<{ user: PublicUser }> => {
      return { user: staffOf(request).user };
    },
  );

  api.post(
    '/users/reset-password',
    {
      config: { access: 'site' },
      schema: {
        summary: 'Ask for a password reset link (same answer whether or not the address is registered)',
        body: resetRequestBody,
        example: { email: 'someone@example.com' },
        response: { 200: messageAnswer },
      },
    },
    async (request): Promise<MessageAnswer> => {
      const { email } = request.body;
      const started = Date.now();
      const outcome = await requestPasswordReset(ctx.db, ctx.mailer, ctx.config.siteUrl, email);
      request.log.info({ email: normalizeEmail(email), outcome }, 'password reset requested');
      await delay(RESET_REQUEST_MIN_MS - (Date.now() - started));
      return { message: RESET_REQUESTED };
    },
  );

  api.post(
    '/users/reset-password/:userId/:token',
    {
      config: { access: 'site' },
      schema: {
        summary: "Set a new password with the link's token",
        params: resetParams,
        body: resetBody,
        example: { password: 'a new long passphrase', cPassword: 'a new long passphrase' },
        response: { 200: messageAnswer },
      },
    },
    async (request): Promise<MessageAnswer> => {
      const { userId, token } = request.params;
      const { body } = request;
      if (body.password !== body.cPassword) throw new HttpError(400, RESET_MISMATCH);
      const wellFormed =
        /^[0-9a-f]{24}$/.test(userId) &&
        /^[A-Za-z0-9_-]{20,200}$/.test(token) &&
        (body.userId === undefined || body.userId === userId) &&
        (body.token === undefined || body.token === token);
      if (!wellFormed || !(await isResetLinkLive(ctx.db.pool, userId, token))) throw new HttpError(400, RESET_LINK_INVALID);
      const owner = await findUserById(pool, userId);
      const problem = passwordProblem(body.password, owner ? personalInputs(owner) : []);
      if (problem) throw new HttpError(400, problem);
      if (!(await completePasswordReset(ctx.db, userId, token, body.password))) throw new HttpError(400, RESET_LINK_INVALID);
      await recordAudit(pool, { actorId: userId, ip: request.ip, action: 'password.changed', details: { how: 'e-mailed link' } });
      request.log.info({ userId }, 'password reset completed; all sessions ended');
      return { message: RESET_DONE };
    },
  );
}
