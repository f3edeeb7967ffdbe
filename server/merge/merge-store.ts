/**
 * Merging two leads (issue 23) in one transaction:
 * 1. both rows are locked FOR UPDATE in id order, so two merges of the same leads (either way
 *    round) run one after the other: the second finds a tombstone and is told (409). A writer that
 *    adds a row for either lead (a sequence step's e-mail, a note) holds a key-share lock on it, so
 *    it finishes before the merge moves its row, or waits until the merge has committed.
 * 2. the fields staff chose are copied from the merged lead to the kept one;
 * 3. every row of every table referencing leads(id) (read at run time, lead-references.ts) is
 *    re-pointed to the kept lead, through a hook where a table needs a rule (merge-hooks.ts); a
 *    move that breaks a constraint stops the merge (409 naming the table) and changes nothing;
 * 4. the merged lead stays as a tombstone (`merged_into`); the kept lead's timeline gets a
 *    `merged` entry and the audit log an entry, both with what moved; a tombstone's follow-up not
 *    yet run is settled: notified still, never assigned, enrolled or checked as a repeat.
 */
import type { Database } from '../db/database';
import { Conflict, NotFound } from '../domain-errors';
import { recordAudit, type AuditWho } from '../audit/audit-log';
import { MERGE_FIELDS, type MergeAnswer, type MergeBody } from '../../src/merge-contract';
import { leadReferences } from './lead-references';
import { MERGE_HOOKS } from './merge-hooks';
import { recordLeadEvent } from '../timeline/lead-events';

export const MERGE_NOT_FOUND_MESSAGE = 'One of the two leads does not exist. Reload the list and choose again.';
export const ALREADY_MERGED_MESSAGE =
  'One of these leads has just been merged (perhaps by someone else at the same time). Reload to see the lead it became.';
export const REPEAT_ROW_MESSAGE = 'One of these is a repeat inquiry of another lead. Merge that lead instead.';
export const ANONYMISED_MESSAGE = 'One of these leads was anonymised (its personal details were erased), so it cannot be merged.';
export const MERGED_MESSAGE = 'The leads were merged.';

interface LockedLead {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  parent_lead_id: string | null;
  merged_into: string | null;
  anonymised_at: Date | null;
}

const UNIQUE_OR_CHECK = new Set(['23505', '23514', '23P01', 'P0001']);

function blocked(table: string): Conflict {
  return new Conflict(
    `The leads cannot be merged yet: the records in "${table}" of the two leads cannot be joined (that table allows only one per lead, or refuses the change). Nothing was changed.`,
  );
}

/** PostgreSQL's deadlock_detected: the other transaction went on, this one was rolled back whole. */
const DEADLOCK = '40P01';

/**
 * A merge locks its two leads while the lead's follow-up (server/lead-life/) may lock them too; a
 * deadlock between them rolls the merge back whole, so it is run once more rather than answered 500.
 */
export async function mergeLeads(db: Database, body: Required<MergeBody>, who: AuditWho): Promise<MergeAnswer> {
  try {
    return await mergeOnce(db, body, who);
  } catch (error) {
    if ((error as { code?: unknown }).code !== DEADLOCK) throw error;
    return mergeOnce(db, body, who);
  }
}

async function mergeOnce(db: Database, body: Required<MergeBody>, who: AuditWho): Promise<MergeAnswer> {
  const { keepId, mergeId } = body;
  return db.transaction(async (client) => {
    const { rows } = await client.query<LockedLead>(
      `SELECT id, first_name, last_name, email, parent_lead_id, merged_into, anonymised_at FROM leads WHERE id IN ($1, $2) ORDER BY id FOR UPDATE`,
      [keepId, mergeId],
    );
    const keep = rows.find((row) => row.id.trim() === keepId);
    const merge = rows.find((row) => row.id.trim() === mergeId);
    if (!keep || !merge) throw new NotFound(MERGE_NOT_FOUND_MESSAGE);
    if (keep.merged_into || merge.merged_into) throw new Conflict(ALREADY_MERGED_MESSAGE);
    if (keep.parent_lead_id || merge.parent_lead_id) throw new Conflict(REPEAT_ROW_MESSAGE);
    // Issue 31: an anonymised lead's records belong to nobody any more; joining them to a person would undo that.
    if (keep.anonymised_at || merge.anonymised_at) throw new Conflict(ANONYMISED_MESSAGE);

    // Column names come from MERGE_FIELDS (a constant list), never from the request.
    const taken = MERGE_FIELDS.map((f) => f.id).filter((field) => body.fields[field] === 'merge');
    if (taken.length > 0) {
      await client.query(`UPDATE leads k SET ${taken.map((f) => `${f} = m.${f}`).join(', ')} FROM leads m WHERE k.id = $1 AND m.id = $2`, [
        keepId,
        mergeId,
      ]);
    }

    const moved: Record<string, number> = {};
    for (const ref of await leadReferences(client)) {
      const hook = MERGE_HOOKS.find((h) => h.table === ref.tableName);
      const key = `${ref.tableName}.${ref.column}`;
      if (hook) {
        if (!(ref.tableName in moved)) moved[ref.tableName] = await hook.move(client, keepId, mergeId);
        continue;
      }
      await client.query('SAVEPOINT merge_move');
      try {
        const result = await client.query(`UPDATE ${ref.table} SET ${ref.column} = $1 WHERE ${ref.column} = $2`, [keepId, mergeId]);
        moved[key] = result.rowCount ?? 0;
        await client.query('RELEASE SAVEPOINT merge_move');
      } catch (error) {
        await client.query('ROLLBACK TO SAVEPOINT merge_move');
        const code = (error as { code?: unknown }).code;
        if (typeof code === 'string' && UNIQUE_OR_CHECK.has(code)) throw blocked(ref.tableName);
        throw error;
      }
    }
    for (const key of Object.keys(moved)) if (moved[key] === 0) delete moved[key];

    // A lead merged before its follow-up ran (server/lead-life/) is owed its inquiry's mails (the
    // notifications stay pending), but not an owner, sequences or a repeat check of its own: the
    // kept lead has those, and a tombstone assigned or enrolled would be work nobody can see.
    await client.query(
      `UPDATE leads SET merged_into = $1, repeat_pending = false, assign_pending = false, sequence_pending = false,
              version = version + 1, updated_at = now() WHERE id = $2`,
      [keepId, mergeId],
    );
    await client.query('UPDATE leads SET version = version + 1, updated_at = now() WHERE id = $1', [keepId]);
    const detail = {
      merged_id: mergeId,
      merged_name: `${merge.first_name} ${merge.last_name}`.trim(),
      merged_email: merge.email,
      fields_taken: taken,
      moved,
    };
    await recordLeadEvent(client, { kind: 'merged', leadId: keepId, actorId: who.actorId, detail });
    await recordAudit(client, { ...who, action: 'leads.merged', details: { kept: keepId, ...detail } });
    return { message: MERGED_MESSAGE, kept: keepId, merged: mergeId, moved };
  });
}
