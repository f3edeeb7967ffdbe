/**
 * Validation of the seed's lead payload (R-lead-payload) plus the attribution extras. Every invalid field is
 * reported at once: an InvalidInput (the route answers 400 `{status:'error', message, errors}`),
 * whose `message` (the seed's shape, shown as a toast) is the first problem in the order the form
 * shows its fields, and whose field map lets the form mark each field beside it.
 */
import { z } from 'zod';
import { isValidPhoneNumber } from 'libphonenumber-js/max';
import { NEED_ADVICE_COURSE_ID } from '../../src/contract';
import { COURSE_TYPES, lookupTitle } from '../../src/lookups';
import type { Catalogue } from '../catalogue/catalogue';
import { InvalidInput } from '../domain-errors';
import type { FieldErrors } from '../../src/field-errors';
import type { LeadContent } from '../../src/lead-record';

export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const PHONE_MIN = 7;
export const PHONE_MAX = 32;
export const ADDRESS_MAX = 500;
export const UTM_MAX = 500;
export const URL_MAX = 2000;

export const MESSAGES = {
  body: 'Please send the inquiry as a JSON object.',
  honeypot: 'We could not accept this inquiry.',
  firstName: 'Please enter your first name.',
  lastName: 'Please enter your last name.',
  email: 'Please enter a valid email address.',
  phone: 'Please enter a valid phone number',
  leadType: 'The inquiry type is not valid (lead_type must be 1).',
  address: `The address must be text of at most ${ADDRESS_MAX} characters.`,
  source: 'The inquiry source is not valid (source must be 1, 3 or 4).',
  courseId: 'The selected course is not available. Please choose a course from the list.',
  courseType: 'Please choose a valid course type.',
  location: 'Please choose whether you apply as a local or an international student.',
  financialAid: 'Please answer whether you are looking for financial aid help (yes or no).',
} as const;

/** Form selects send their values as strings; "1" and 1 mean the same choice. */
function numeric(value: unknown): unknown {
  return typeof value === 'string' && /^\d{1,2}$/.test(value.trim()) ? Number(value.trim()) : value;
}

/** A value from a fixed list of ids; `fallback` is used when the field is absent. */
function oneOf<T extends number>(ids: readonly T[], message: string, fallback?: T) {
  return z.preprocess(
    (value) => (value === undefined && fallback !== undefined ? fallback : numeric(value)),
    z.literal(ids, { error: message }),
  );
}

/** '' / null / absent mean "not chosen". */
const blank = (value: unknown) => value === undefined || value === null || value === '';

function name(message: string, label: string) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(NAME_MAX, { error: `${label} is too long (at most ${NAME_MAX} characters).` });
}

/**
 * An optional attribution string: trimmed, '' becomes null, cut to `max` characters. Over-long
 * values are cut rather than refused: attribution comes from the ad's URL, not from the visitor,
 * and must never cost us the lead.
 */
function extra(field: string, max: number) {
  const message = `${field} must be text.`;
  return z
    .preprocess((value) => (blank(value) ? null : value), z.string({ error: message }).nullable())
    .transform((value) => (value === null ? null : value.trim().slice(0, max) || null));
}

/**
 * The lead body as POST /api/leads takes it (the route's schema): each stored field of the lead
 * (src/lead-record.ts) with the rules and messages of the form; its output is the stored content.
 */
export const leadPayloadSchema = z.object(
  {
    first_name: name(MESSAGES.firstName, 'The first name'),
    last_name: name(MESSAGES.lastName, 'The last name'),
    email: z
      .string({ error: MESSAGES.email })
      .trim()
      .max(EMAIL_MAX, { error: MESSAGES.email })
      .pipe(z.email({ error: MESSAGES.email })),
    phone: z
      .string({ error: MESSAGES.phone })
      .trim()
      .min(PHONE_MIN, { error: MESSAGES.phone })
      .max(PHONE_MAX, { error: MESSAGES.phone })
      // International numbers in any country; a number without "+" is read as Canadian (the
      // widget's default country).
      .refine((phone) => isValidPhoneNumber(phone, 'CA'), { error: MESSAGES.phone }),
    lead_type: oneOf([1] as const, MESSAGES.leadType, 1),
    address: z.preprocess(
      (value) => (blank(value) ? '' : value),
      z.string({ error: MESSAGES.address }).trim().max(ADDRESS_MAX, { error: MESSAGES.address }),
    ),
    source: oneOf([1, 3, 4] as const, MESSAGES.source, 1),
    course_id: z.preprocess(
      (value) => (blank(value) ? null : value),
      z
        .string({ error: MESSAGES.courseId })
        .regex(/^[0-9a-f]{24}$/, { error: MESSAGES.courseId })
        .nullable(),
    ),
    course_type: z.preprocess(
      (value) => (blank(value) ? null : numeric(value)),
      z.literal([1, 2, 3], { error: MESSAGES.courseType }).nullable(),
    ),
    location: oneOf([1, 2] as const, MESSAGES.location),
    financial_aid: z.boolean({ error: MESSAGES.financialAid }).default(false),
    utm_source: extra('utm_source', UTM_MAX),
    utm_medium: extra('utm_medium', UTM_MAX),
    utm_campaign: extra('utm_campaign', UTM_MAX),
    utm_term: extra('utm_term', UTM_MAX),
    utm_content: extra('utm_content', UTM_MAX),
    landing_page: extra('landing_page', URL_MAX),
    referrer: extra('referrer', URL_MAX),
  } satisfies { [Field in keyof LeadContent]: z.ZodType<LeadContent[Field], unknown> },
  { error: MESSAGES.body },
);

export type ValidLead = LeadContent;

export type LeadValidation = { ok: true; lead: ValidLead } | { ok: false; error: InvalidInput };

const reject = (message: string, errors?: FieldErrors): LeadValidation => ({ ok: false, error: new InvalidInput(message, errors) });

/** The first message per field, in the schema's (the form's) order. */
export function fieldErrors(issues: readonly { path: PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

const FIELD_ORDER = Object.keys(leadPayloadSchema.shape);

/** The course against the live catalogue: exists, is active, and matches the chosen type. */
function checkCourse(courseId: unknown, courseType: unknown, catalogue: Catalogue): { error: string | null; type: 1 | 2 | 3 | null } {
  if (blank(courseId) || typeof courseId !== 'string' || courseId === NEED_ADVICE_COURSE_ID) return { error: null, type: null };
  const course = catalogue.courseById(courseId);
  if (!course) return { error: MESSAGES.courseId, type: null };
  if (courseType === null || courseType === undefined || courseType === '' || courseType === course.course_type) {
    return { error: null, type: course.course_type };
  }
  const expected = lookupTitle(COURSE_TYPES, course.course_type);
  return { error: `The selected course is a ${expected} course. Please choose the ${expected} course type or another course.`, type: null };
}

/** Validates a posted lead against the schema and the live catalogue. Unknown fields are dropped. */
export function validateLead(body: unknown, catalogue: Catalogue): LeadValidation {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return reject(MESSAGES.body);
  // The honeypot is a field people never see; only bots fill it in.
  const { website } = body as { website?: unknown };
  if (!blank(website) && !(typeof website === 'string' && website.trim() === '')) return reject(MESSAGES.honeypot);

  const parsed = leadPayloadSchema.safeParse(body);
  const errors = parsed.success ? {} : fieldErrors(parsed.error.issues);
  // The course is checked against the catalogue even when other fields failed, so one answer
  // names every problem; a malformed id or type was already reported by the schema.
  const raw = body as { course_id?: unknown; course_type?: unknown };
  const course =
    errors.course_id || errors.course_type ? { error: null, type: null } : checkCourse(raw.course_id, numeric(raw.course_type), catalogue);
  if (course.error) errors.course_id = course.error;

  const invalid = FIELD_ORDER.filter((field) => field in errors);
  if (!parsed.success || invalid.length > 0) {
    const first = invalid[0];
    return reject((first && errors[first]) ?? MESSAGES.body, errors);
  }
  const lead = parsed.data;
  if (lead.course_type === null && course.type !== null) lead.course_type = course.type;
  return { ok: true, lead };
}
