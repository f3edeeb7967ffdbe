/**
 * The answers of staff sign-in (POST /api/users/signin and its second factor, GET /api/users/me,
 * the two-factor settings), written once as zod schemas: the wire types of src/contract.ts are
 * inferred from them, and server/openapi/answers-staff.ts names them as the routes' response
 * schemas and the API description's components. Browser code imports only the types.
 */
import { z } from 'zod';
import { idSchema as recordId } from './wire-schemas';

export const publicUserSchema = z.object({ _id: recordId, name: z.string(), email: z.string() });

/** GET /api/users/me */
export const meAnswerSchema = z.object({ user: publicUserSchema });

/** POST /api/users/signin (no second factor), POST /api/users/signin/two-factor */
const signInAnswerSchema = z.object({
  message: z.string(),
  token: z.string(),
  user: publicUserSchema,
  /** The college requires two-factor sign-in and this account has not set it up yet. */
  twoFactorSetupRequired: z.boolean().optional(),
});

/** POST /api/users/signin for an account with two-factor sign-in: the password was right, a code comes next. */
const twoFactorChallengeSchema = z.object({
  message: z.string(),
  twoFactorRequired: z.literal(true),
  /** Opaque, single-purpose, valid for a few minutes: sent back with the code. */
  challenge: z.string(),
});

export const signInResultSchema = z.union([signInAnswerSchema, twoFactorChallengeSchema]);

/** GET /api/users/two-factor */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** An admin requires two-factor sign-in of every account. */
  required: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  /** This account is an admin, who may change `required`. */
  canSetRequirement: z.boolean(),
});

/** POST /api/users/two-factor/setup: what the authenticator app needs (not yet active). */
export const twoFactorSetupSchema = z.object({
  /** The shared secret in base32, for typing into an app by hand. */
  secret: z.string(),
  otpauthUri: z.string(),
  /** The URI as a QR code: an SVG data URL. */
  qrCode: z.string(),
});

/** POST /api/users/two-factor/confirm and …/recovery-codes: shown once, never again. */
export const recoveryCodesSchema = z.object({
  message: z.string(),
  recoveryCodes: z.array(z.string()),
});

export type PublicUser = z.infer<typeof publicUserSchema>;
export type MeAnswer = z.infer<typeof meAnswerSchema>;
export type SignInAnswer = z.infer<typeof signInAnswerSchema>;
export type TwoFactorChallengeAnswer = z.infer<typeof twoFactorChallengeSchema>;
export type SignInResult = z.infer<typeof signInResultSchema>;
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;
export type TwoFactorSetupAnswer = z.infer<typeof twoFactorSetupSchema>;
export type RecoveryCodesAnswer = z.infer<typeof recoveryCodesSchema>;
