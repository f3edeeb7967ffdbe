/**
 * Sequences as admins edit them: name, pause, exit stages, enrolment rules and the ordered steps.
 * Saving keeps the id of each step sent back with its id, retires the steps left out and adds the
 * new ones; enrolments keep pointing at the step they run next (step-edits.ts), so an edit
 * changes only what is not due yet. A save names the version it read (409 on a stale one).
 */
import type { Database, Queryable } from '../db/database';
import type { Sequence, SequenceInput, SequenceStep } from '../../src/sequences-contract';
import type { ActivityTypeId, LeadStageId } from '../../src/lookups';
import { Conflict, InvalidInput } from '../domain-errors';
import { repointEnrolments } from './step-edits';
import { recordAudit, type AuditWho } from '../audit/audit-log';
import { changedSequenceFields, sequenceDetails } from '../audit/settings-audit';

export const SEQUENCE_NOT_FOUND_MESSAGE = 'There is no sequence with this id.';
export const SEQUENCE_CONFLICT_MESSAGE =
  'Someone else changed this sequence while you were editing it. Reload to see their change, then try again.';
export const TEMPLATE_GONE_MESSAGE = 'An e-mail step names a template that does not exist or was retired. Please choose another.';
export const SEQUENCE_NAME_TAKEN_MESSAGE = 'Another sequence already has this name.';

export interface StepRow {
  id: string;
  sequence_id: string;
  position: number;
  kind: 'email' | 'task' | 'wait';
  template_id: string | null;
  task_type: number | null;
  task_subject: string | null;
  wait_days: number | null;
}

export function toStep(row: StepRow): SequenceStep {
  const id = String(row.id);
  if (row.kind === 'email') return { id, kind: 'email', template_id: String(row.template_id) };
  if (row.kind === 'task') return { id, kind: 'task', task_type: row.task_type as ActivityTypeId, subject: row.task_subject ?? '' };
  return { id, kind: 'wait', days: row.wait_days ?? 1 };
}

export async function liveSteps(db: Queryable, sequenceId: string): Promise<StepRow[]> {
  const { rows } = await db.query<StepRow>(
    `SELECT id, sequence_id, position, kind, template_id, task_type, task_subject, wait_days
       FROM sequence_steps WHERE sequence_id = $1 AND removed_at IS NULL ORDER BY position, id`,
    [sequenceId],
  );
  return rows.map((row) => ({ ...row, id: String(row.id), sequence_id: String(row.sequence_id) }));
}

interface SequenceRow {
  id: string;
  name: string;
  paused: boolean;
  exit_stages: number[];
  enrol_rules: SequenceInput['rules'];
  version: number;
  updated_at: Date;
  active: number;
}

export async function listSequences(db: Queryable, onlyId?: string): Promise<Sequence[]> {
  const { rows } = await db.query<SequenceRow>(
    `SELECT s.id, s.name, s.paused, s.exit_stages, s.enrol_rules, s.version, s.updated_at,
            (SELECT count(*)::int FROM sequence_enrolments e WHERE e.sequence_id = s.id AND e.state = 'active') AS active
       FROM sequences s WHERE $1::bigint IS NULL OR s.id = $1 ORDER BY lower(s.name)`,
    [onlyId ?? null],
  );
  const { rows: steps } = await db.query<StepRow>(
    `SELECT id, sequence_id, position, kind, template_id, task_type, task_subject, wait_days
       FROM sequence_steps WHERE removed_at IS NULL AND ($1::bigint IS NULL OR sequence_id = $1) ORDER BY position, id`,
    [onlyId ?? null],
  );
  return rows.map((row) => ({
    id: String(row.id),
    name: row.name,
    paused: row.paused,
    exit_stages: row.exit_stages.map(Number) as LeadStageId[],
    rules: row.enrol_rules,
    steps: steps.filter((step) => String(step.sequence_id) === String(row.id)).map(toStep),
    version: row.version,
    active: row.active,
    updated_at: new Date(row.updated_at).toISOString(),
  }));
}

export async function findSequence(db: Queryable, id: string): Promise<Sequence | null> {
  if (!/^\d{1,18}$/.test(id)) return null;
  return (await listSequences(db, id))[0] ?? null;
}

/** Writes the steps in order: kept ones updated in place, new ones added, missing ones retired. */
async function saveSteps(client: Queryable, sequenceId: string, steps: SequenceStep[], now: Date): Promise<void> {
  const templates = steps.flatMap((step) => (step.kind === 'email' ? [step.template_id] : []));
  const { rows: live } = await client.query<{ id: string }>(
    'SELECT id::text AS id FROM email_templates WHERE id = ANY($1::bigint[]) AND retired_at IS NULL',
    [templates],
  );
  if (templates.some((id) => !live.some((row) => row.id === id))) throw new InvalidInput(TEMPLATE_GONE_MESSAGE);
  const before = await liveSteps(client, sequenceId);
  const known = new Set(before.map((step) => step.id));
  const after: string[] = [];
  for (const [index, step] of steps.entries()) {
    const values = [
      step.kind,
      step.kind === 'email' ? step.template_id : null,
      step.kind === 'task' ? step.task_type : null,
      step.kind === 'task' ? step.subject : null,
      step.kind === 'wait' ? step.days : null,
      index + 1,
    ];
    if (step.id && known.has(step.id)) {
      await client.query(
        `UPDATE sequence_steps SET kind = $1, template_id = $2, task_type = $3, task_subject = $4, wait_days = $5, position = $6 WHERE id = $7`,
        [...values, step.id],
      );
      after.push(step.id);
    } else {
      const { rows } = await client.query<{ id: string }>(
        `INSERT INTO sequence_steps (kind, template_id, task_type, task_subject, wait_days, position, sequence_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
        [...values, sequenceId],
      );
      after.push(String(rows[0]?.id));
    }
  }
  const removed = before.filter((step) => !after.includes(step.id)).map((step) => step.id);
  if (removed.length > 0) await client.query('UPDATE sequence_steps SET removed_at = $2 WHERE id = ANY($1::bigint[])', [removed, now]);
  await repointEnrolments(
    client,
    before.map((step) => step.id),
    after,
    removed,
  );
}

function nameTaken(error: unknown): boolean {
  return (error as { code?: string }).code === '23505';
}

/** Who saves: a staff request's `auditWho`, or an account id alone (set-up code and tests, no address). */
export type SequenceActor = AuditWho | string;
const whoOf = (actor: SequenceActor): AuditWho => (typeof actor === 'string' ? { actorId: actor, ip: null } : actor);

export async function createSequence(db: Database, input: SequenceInput, actor: SequenceActor, now = new Date()): Promise<string> {
  const who = whoOf(actor);
  const actorId = who.actorId;
  try {
    return await db.transaction(async (client) => {
      const { rows } = await client.query<{ id: string }>(
        `INSERT INTO sequences (name, paused, exit_stages, enrol_rules, updated_by, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING id`,
        [input.name, input.paused, input.exit_stages, JSON.stringify(input.rules), actorId, now],
      );
      const id = String(rows[0]?.id);
      await saveSteps(client, id, input.steps, now);
      await recordAudit(client, { ...who, action: 'sequence.created', details: sequenceDetails(id, input) });
      return id;
    });
  } catch (error) {
    if (nameTaken(error)) throw new Conflict(SEQUENCE_NAME_TAKEN_MESSAGE);
    throw error;
  }
}

/** Saves a sequence; false when unknown; Conflict on a stale version. Resolves whether it was resumed. */
export async function updateSequence(
  db: Database,
  id: string,
  input: SequenceInput & { version: number },
  actor: SequenceActor,
  now = new Date(),
): Promise<{ found: boolean; resumed: boolean }> {
  if (!/^\d{1,18}$/.test(id)) return { found: false, resumed: false };
  const who = whoOf(actor);
  const actorId = who.actorId;
  try {
    return await db.transaction(async (client) => {
      const { rows } = await client.query<{ version: number; paused: boolean }>(
        'SELECT version, paused FROM sequences WHERE id = $1 FOR UPDATE',
        [id],
      );
      const current = rows[0];
      if (!current) return { found: false, resumed: false };
      if (current.version !== input.version) throw new Conflict(SEQUENCE_CONFLICT_MESSAGE);
      const before = (await listSequences(client, id))[0];
      await client.query(
        `UPDATE sequences SET name = $2, paused = $3, exit_stages = $4, enrol_rules = $5, updated_by = $6, updated_at = $7, version = version + 1
          WHERE id = $1`,
        [id, input.name, input.paused, input.exit_stages, JSON.stringify(input.rules), actorId, now],
      );
      await saveSteps(client, id, input.steps, now);
      const fields = before ? changedSequenceFields(before, input) : [];
      await recordAudit(client, { ...who, action: 'sequence.changed', details: { ...sequenceDetails(id, input), fields } });
      return { found: true, resumed: current.paused && !input.paused };
    });
  } catch (error) {
    if (nameTaken(error)) throw new Conflict(SEQUENCE_NAME_TAKEN_MESSAGE);
    throw error;
  }
}
