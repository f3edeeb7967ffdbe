/**
 * POST /api/events/:id/registrations' body (RegistrationRequest): the inquiry form's fields with
 * its rules and messages (server/leads/validate.ts: names, e-mail, phone via libphonenumber with
 * Canada as the default country, a course from the live catalogue), its honeypot (`website`), and
 * the optional opt-in. Every problem is named at once: `{ message, errors: { field: message } }`.
 */
import { z } from 'zod';
import { NEED_ADVICE_COURSE_ID } from '../../src/contract';
import type { Catalogue } from '../catalogue/catalogue';
import { InvalidInput } from '../domain-errors';
import { fieldErrors, leadPayloadSchema, MESSAGES } from '../leads';

export const CONSENT_MESSAGE = 'Please answer whether you would like e-mails about our programs (yes or no).';

export const registrationSchema = z.object(
  {
    first_name: leadPayloadSchema.shape.first_name,
    last_name: leadPayloadSchema.shape.last_name,
    email: leadPayloadSchema.shape.email,
    phone: leadPayloadSchema.shape.phone,
    course_id: leadPayloadSchema.shape.course_id,
    consent: z.boolean({ error: CONSENT_MESSAGE }).default(false),
  },
  { error: MESSAGES.body },
);

export type ValidRegistration = z.output<typeof registrationSchema>;

const FIELD_ORDER = Object.keys(registrationSchema.shape);
const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

export function validateRegistration(body: unknown, catalogue: Catalogue): ValidRegistration {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new InvalidInput(MESSAGES.body);
  const { website } = body as { website?: unknown };
  if (!blank(website)) throw new InvalidInput(MESSAGES.honeypot);
  const parsed = registrationSchema.safeParse(body);
  const errors = parsed.success ? {} : fieldErrors(parsed.error.issues);
  const courseId = parsed.success ? parsed.data.course_id : null;
  if (courseId && courseId !== NEED_ADVICE_COURSE_ID && !catalogue.courseById(courseId)) errors.course_id = MESSAGES.courseId;
  const invalid = FIELD_ORDER.filter((field) => field in errors);
  const first = invalid[0];
  if (!parsed.success || first) throw new InvalidInput((first && errors[first]) ?? MESSAGES.body, errors);
  return parsed.data;
}
