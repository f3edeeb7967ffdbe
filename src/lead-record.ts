/**
 * The lead, declared once: what an inquiry leaves in the `leads` table, column by column. From it
 * come the stored record and its columns (server/leads/lead-record.ts), the request body's type
 * (LeadPayload: the same fields as the form sends them), the validator's output (checked against
 * it in server/leads/validate.ts) and the staff's view (StaffLead, also the API description's).
 * Browser code imports only its types (zod stays out of the widget).
 */
import { z } from 'zod';
import { LEAD_EXTRA_FIELDS, type LeadExtraField, type LeadExtras } from './lead-extras';
import { COURSE_TYPES, LEAD_SOURCES, LEAD_STAGES, LOCATIONS, STATUSES, type CourseTypeId, type Lookup } from './lookups';

const idOf = <L extends readonly Lookup[]>(list: L) => z.literal(list.map((entry): L[number]['id'] => entry.id));
const recordId = z.string().regex(/^[0-9a-f]{24}$/);
const text = z.string().nullable();
const storedExtras = Object.fromEntries(LEAD_EXTRA_FIELDS.map((field) => [field, text])) as Record<LeadExtraField, typeof text>;

/** The fields a visitor's inquiry stores, after validation (server/leads/validate.ts). */
export const leadContentSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  lead_type: z.literal(1),
  address: z.string(),
  source: idOf(LEAD_SOURCES),
  course_id: recordId.nullable(),
  course_type: idOf(COURSE_TYPES).nullable(),
  location: idOf(LOCATIONS),
  financial_aid: z.boolean(),
  ...storedExtras,
});
export type LeadContent = z.output<typeof leadContentSchema>;
export type LeadSource = LeadContent['source'];
export type LeadLocation = LeadContent['location'];

/**
 * POST /api/leads — the seed's lead payload plus optional attribution extras: the stored fields as
 * the form sends them ('' for a course or type not chosen, extras left out when absent).
 */
export type LeadPayload = Omit<LeadContent, 'course_id' | 'course_type' | LeadExtraField> & {
  course_id: string | '';
  course_type: CourseTypeId | '';
} & LeadExtras;

/** A lead as staff read it: the stored fields, the course's name, where it stands and who has it. */
export const staffLeadSchema = z
  .object({ _id: recordId })
  .extend(leadContentSchema.shape)
  .extend({
    // As the column holds it (a number); the inquiry form only ever sends 1.
    lead_type: z.number().int(),
    course_name: text,
    stage: idOf(LEAD_STAGES),
    status: idOf(STATUSES),
    /** The staff member the lead is assigned to; null when unassigned. */
    owner_id: recordId.nullable(),
    owner_name: text,
    /** Bumped by every change; a write names the version it read (409 when it moved on). */
    version: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
    /** Speed to lead ran out and no call, e-mail or meeting is logged yet (issue 23). */
    not_contacted: z.boolean().optional(),
    /** Where the inquiry was sent from: the embedding page's origin (issue 23); null when the browser named none. */
    origin: text,
    /**
     * The origin is this site's own or on PARTNER_ORIGINS (issue 35). Otherwise it is only what the
     * request claimed: any client can send any Origin, so the CRM shows it as reported by the browser.
     */
    origin_known: z.boolean(),
    /** Inquiries this lead stands for: its own and every repeat inquiry attached to it. */
    inquiries: z.number().int(),
    /** The courses asked about across those inquiries (names, first asked first). */
    course_interests: z.array(z.string()),
    /** Open leads sharing its phone but not its e-mail address (at most 5): compare and merge. */
    possible_duplicates: z.array(recordId),
    /** Set when this lead was merged into another (a tombstone kept so links still resolve). */
    merged_into: recordId.nullable(),
  });
export type StaffLead = z.output<typeof staffLeadSchema>;
