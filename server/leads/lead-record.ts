/**
 * A validated lead exactly as it is written to the `leads` table, column by column. The same
 * record is what the outage spool keeps on disk, so a replayed lead is byte-for-byte the lead
 * that was acknowledged (including its id and the time it was accepted).
 */
import crypto from 'node:crypto';
import { z } from 'zod';
import type { StoredLeadExtras } from '../../src/contract';

export interface LeadRecord extends StoredLeadExtras {
  id: string;
  idempotency_key: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  lead_type: 1;
  address: string;
  source: 1 | 3 | 4;
  course_id: string | null;
  course_type: 1 | 2 | 3 | null;
  location: 1 | 2;
  financial_aid: boolean;
  /** ISO time the lead was accepted (not the time a replay wrote it). */
  created_at: string;
}

/** Fields that identify a lead's content; the id, key and acceptance time are not part of it. */
const NOT_CONTENT = new Set(['id', 'idempotency_key', 'created_at']);

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

/** Idempotency keys double as spool file names, so they are restricted to a safe alphabet. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

const text = z.string().nullable();

const leadRecordShape = z.object({
  id: z.string().regex(/^[0-9a-f]{24}$/),
  idempotency_key: z.string().regex(IDEMPOTENCY_KEY_PATTERN),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  lead_type: z.literal(1),
  address: z.string(),
  source: z.union([z.literal(1), z.literal(3), z.literal(4)]),
  course_id: z.string().regex(/^[0-9a-f]{24}$/).nullable(),
  course_type: z.union([z.literal(1), z.literal(2), z.literal(3)]).nullable(),
  location: z.union([z.literal(1), z.literal(2)]),
  financial_aid: z.boolean(),
  utm_source: text,
  utm_medium: text,
  utm_campaign: text,
  utm_term: text,
  utm_content: text,
  landing_page: text,
  referrer: text,
  created_at: z.string().refine((value) => !Number.isNaN(Date.parse(value))),
});

/** Checks a spooled file's content before it is replayed (files are ours, but disks lie). */
export const leadRecordSchema: z.ZodType<LeadRecord> = leadRecordShape;

/** The `leads` columns that make a LeadRecord, for reading one back (the mail worker does). */
export const LEAD_RECORD_COLUMNS = Object.keys(leadRecordShape.shape).join(', ');
