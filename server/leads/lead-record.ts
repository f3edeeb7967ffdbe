/**
 * A validated lead exactly as it is written to the `leads` table: the lead's content as declared
 * once (src/lead-record.ts) with its id, its Idempotency-Key and the time it was accepted. The
 * same record is what the outage spool keeps on disk, so a replayed lead is byte-for-byte the lead
 * that was acknowledged (including its id and the time it was accepted).
 */
import crypto from 'node:crypto';
import { z } from 'zod';
import { leadContentSchema } from '../../src/lead-record';

/** Idempotency keys double as spool file names, so they are restricted to a safe alphabet. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

/** Checks a spooled file's content before it is replayed (files are ours, but disks lie). */
export const leadRecordSchema = z
  .object({
    id: z.string().regex(/^[0-9a-f]{24}$/),
    idempotency_key: z.string().regex(IDEMPOTENCY_KEY_PATTERN),
  })
  .extend(leadContentSchema.shape)
  .extend({
    /** ISO time the lead was accepted (not the time a replay wrote it). */
    created_at: z.string().refine((value) => !Number.isNaN(Date.parse(value))),
    /**
     * The embedding page's origin (the request's Origin, else its Referer's; null when neither):
     * where the lead came from, recorded beside the payload, never part of it (issue 23). Spool
     * files written before it have none.
     */
    origin: z.string().max(300).nullable().optional(),
  });
export type LeadRecord = z.output<typeof leadRecordSchema>;

/** The `leads` columns that make a LeadRecord, in the record's order (an insert writes them, the mail worker reads them back). */
export const LEAD_RECORD_FIELDS = Object.keys(leadRecordSchema.shape) as (keyof LeadRecord)[];
export const LEAD_RECORD_COLUMNS = LEAD_RECORD_FIELDS.join(', ');

/**
 * A lead made by an event registration (server/events/event-lead.ts) has a key of this prefix:
 * it is not an inquiry (issue 31), so it gets no inquiry confirmation, admissions is told of a
 * registration, and the timeline says how it came.
 */
export const REGISTRATION_KEY_PREFIX = 'event-registration-';
/** The column may be null (leads written before keys, or by staff tools): such a lead is no registration's. */
export const isRegistrationLead = (lead: { idempotency_key: string | null }): boolean =>
  lead.idempotency_key?.startsWith(REGISTRATION_KEY_PREFIX) ?? false;

/** Fields that identify a lead's content; the id, key, acceptance time and page origin are not part of it. */
const NOT_CONTENT = new Set(['id', 'idempotency_key', 'created_at', 'origin']);

/**
 * A stable hash of what the visitor sent (after validation), bound to the Idempotency-Key: a
 * retry with the same key must carry the same payload.
 */
export function leadPayloadHash(lead: LeadRecord): string {
  const content = Object.entries(lead)
    .filter(([field]) => !NOT_CONTENT.has(field))
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return crypto.createHash('sha256').update(JSON.stringify(content)).digest('base64url');
}
