/**
 * Changing a lead's stage or owner. The change names the version it read: if someone else saved
 * the lead in between, the answer is 409 and nothing is overwritten. Each change is written to
 * the lead's history (lead_events) in the same transaction, with who made it.
 */
import { z } from 'zod';
import type { Database, Queryable } from '../db/database';
import type { LeadStageId } from '../../src/lookups';
import { LEAD_STAGES } from '../../src/lookups';
import { Conflict } from '../domain-errors';
import { requireActiveStaff } from '../staff/staff-store';
import { STAGE_MESSAGE } from './lead-filters';
import { leadEventsInsertFrom, recordLeadEvents, type LeadEvent } from '../timeline/lead-events';

export const VERSION_MESSAGE = 'The change must name the version of the record you read. Please reload and try again.';
export const LEAD_CONFLICT_MESSAGE =
  'Someone else changed this lead while you were looking at it. Reload it to see their change, then try again.';

export const versionField = z.number({ error: VERSION_MESSAGE }).int({ error: VERSION_MESSAGE }).min(1, { error: VERSION_MESSAGE });

const stageField = z.preprocess(
  // A select's value arrives as a string; "2" and 2 are the same stage.
  (value) => (typeof value === 'string' && /^\d$/.test(value) ? Number(value) : value),
  z.literal(
    LEAD_STAGES.map((s): LeadStageId => s.id),
    { error: STAGE_MESSAGE },
  ),
);

export const leadChangeSchema = z
  .object(
    {
      stage: stageField.optional(),
      owner_id: z.union([z.string(), z.null()], { error: 'Please choose an active staff member as the owner.' }).optional(),
      version: z.unknown().optional(),
    },
    { error: STAGE_MESSAGE },
  )
  // An empty change is most likely a stage select that sent nothing.
  .refine((body) => body.stage !== undefined || body.owner_id !== undefined, { error: STAGE_MESSAGE })
  .transform((body, context) => {
    const version = versionField.safeParse(body.version);
    if (!version.success) {
      context.addIssue({ code: 'custom', message: VERSION_MESSAGE });
      return z.NEVER;
    }
    return { stage: body.stage, owner_id: body.owner_id, version: version.data };
  });

export type LeadChange = z.output<typeof leadChangeSchema>;

interface LockedLead {
  stage: LeadStageId;
  owner_id: string | null;
  version: number;
}

/** Applies a change; false when there is no such lead; Conflict on a stale version. */
export async function changeLead(db: Database, id: string, actorId: string, change: LeadChange): Promise<boolean> {
  if (!/^[0-9a-f]{24}$/.test(id)) return false;
  return db.transaction(async (client) => {
    const { rows } = await client.query<LockedLead>('SELECT stage, owner_id, version FROM leads WHERE id = $1 FOR UPDATE', [id]);
    const lead = rows[0];
    if (!lead) return false;
    if (lead.version !== change.version) throw new Conflict(LEAD_CONFLICT_MESSAGE, { version: lead.version });
    const oldOwner = lead.owner_id?.trim() ?? null;
    const stage = change.stage ?? lead.stage;
    // A new owner must be active; keeping the current one (even if deactivated since) is no change.
    const ownerChanges = change.owner_id !== undefined && change.owner_id !== oldOwner;
    const owner = !ownerChanges ? oldOwner : change.owner_id ? (await requireActiveStaff(client, change.owner_id))._id : null;
    await client.query('UPDATE leads SET stage = $2, owner_id = $3, version = version + 1, updated_at = now() WHERE id = $1', [
      id,
      stage,
      owner,
    ]);
    const events: LeadEvent[] = [];
    if (stage !== lead.stage) events.push({ kind: 'stage', leadId: id, actorId, detail: { from: lead.stage, to: stage } });
    if (owner !== oldOwner) events.push({ kind: 'owner', leadId: id, actorId, detail: { from: oldOwner, to: owner } });
    await recordLeadEvents(client, events);
    return true;
  });
}

export const noteSchema = z.object(
  {
    text: z
      .string({ error: 'Please write the note.' })
      .trim()
      .min(1, { error: 'Please write the note.' })
      .max(5000, { error: 'The note is too long (at most 5000 characters).' }),
  },
  { error: 'Please write the note.' },
);

/** The note's row, written only if the lead exists (its count says so). */
const NOTE_SQL = leadEventsInsertFrom({
  kind: 'note',
  leadId: 'id',
  actorId: '$2',
  detail: { text: '$3::text' },
  from: 'FROM leads WHERE id = $1',
});

/** Adds a note to the lead's history; false when there is no such lead. */
export async function addNote(db: Queryable, id: string, actorId: string, text: string): Promise<boolean> {
  if (!/^[0-9a-f]{24}$/.test(id)) return false;
  const { rowCount } = await db.query(NOTE_SQL, [id, actorId, text]);
  return rowCount === 1;
}
