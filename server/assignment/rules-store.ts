/**
 * Assignment rules and the speed-to-lead setting, as admins edit them (assignment-routes.ts).
 * A save names the version it read (409 when stale), like every CRM edit. The round robin's place
 * (`last_user_id`) is the pass's, not the admin's: it moves without a new version.
 */
import { z } from 'zod';
import type { Database, Queryable } from '../db/database';
import type { AssignmentRule, AssignmentSettingsAnswer } from '../../src/assignment-contract';
import { Conflict, InvalidInput, NotFound } from '../domain-errors';
import { versionField } from '../crm';
import { recordAudit, type AuditWho } from '../audit/audit-log';
import { changedKeys, RULE_FIELDS, ruleDetails } from '../audit/settings-audit';

export const RULE_CONFLICT_MESSAGE = 'Someone else changed this rule. Reload the page to see their change, then try again.';
export const RULE_NOT_FOUND_MESSAGE = 'There is no assignment rule with this id.';
export const CAP_MESSAGE = 'The cap must be a whole number from 1 to 10000, or none.';
export const MEMBER_MESSAGE = 'Please choose only active staff members who have set their password.';

const optionalChoice = (values: readonly number[], message: string) =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? null : typeof v === 'string' ? Number(v) : v),
    z.union([z.literal(values), z.null()], { error: message }),
  );

export const ruleInputSchema = z.object(
  {
    name: z
      .string({ error: 'Please name the rule.' })
      .trim()
      .min(1, { error: 'Please name the rule.' })
      .max(80, { error: 'The name is too long (at most 80 characters).' }),
    enabled: z.boolean({ error: 'Please say whether the rule is on.' }),
    course_type: optionalChoice([1, 2, 3], 'Please choose a course type from the list, or any.'),
    location: optionalChoice([1, 2], 'Please choose local, international or any.'),
    cap: z.union(
      [
        z.number({ error: CAP_MESSAGE }).int({ error: CAP_MESSAGE }).min(1, { error: CAP_MESSAGE }).max(10_000, { error: CAP_MESSAGE }),
        z.null(),
      ],
      {
        error: CAP_MESSAGE,
      },
    ),
    member_ids: z
      .array(z.string().regex(/^[0-9a-f]{24}$/), { error: MEMBER_MESSAGE })
      .min(1, { error: 'Please choose at least one counsellor for the rule.' })
      .max(100, { error: 'A rule takes at most 100 counsellors.' })
      .refine((ids) => new Set(ids).size === ids.length, { error: 'Each counsellor may be listed once.' }),
  },
  { error: 'Please send the rule as JSON.' },
);
export const ruleSaveSchema = ruleInputSchema.extend({ version: versionField });
export const settingsSaveSchema = z.object({
  speed_to_lead_hours: z
    .number({ error: 'Speed to lead must be a number of business hours from 0.25 to 200.' })
    .min(0.25, { error: 'Speed to lead must be a number of business hours from 0.25 to 200.' })
    .max(200, { error: 'Speed to lead must be a number of business hours from 0.25 to 200.' }),
  version: versionField,
});

type RuleInput = z.output<typeof ruleInputSchema>;

interface RuleRow {
  id: string;
  name: string;
  enabled: boolean;
  course_type: number | null;
  location: number | null;
  cap: number | null;
  member_ids: string[];
  version: number;
}

const RULE_COLUMNS = 'id::text, name, enabled, course_type, location, cap, member_ids, version';
const toRule = (row: RuleRow): AssignmentRule => ({ ...row, member_ids: row.member_ids.map((id) => id.trim()) });

export async function speedToLeadHours(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ hours: string }>('SELECT speed_to_lead_hours AS hours FROM assignment_settings');
  return Number(rows[0]?.hours ?? 4);
}

export async function assignmentSettings(db: Queryable): Promise<AssignmentSettingsAnswer> {
  const [rules, settings, eligible] = await Promise.all([
    db.query<RuleRow>(`SELECT ${RULE_COLUMNS} FROM assignment_rules ORDER BY position, id`),
    db.query<{ hours: string; version: number }>('SELECT speed_to_lead_hours AS hours, version FROM assignment_settings'),
    db.query<{ id: string; name: string }>('SELECT id, name FROM users WHERE status = 1 AND password_set ORDER BY lower(name), id'),
  ]);
  return {
    rules: rules.rows.map(toRule),
    speed_to_lead_hours: Number(settings.rows[0]?.hours ?? 4),
    settings_version: settings.rows[0]?.version ?? 1,
    eligible: eligible.rows.map((row) => ({ _id: row.id.trim(), name: row.name })),
  };
}

/** Members must be able to receive leads now; the pass checks again at each assignment. */
async function checkMembers(db: Queryable, ids: readonly string[]): Promise<void> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM users WHERE status = 1 AND password_set AND id = ANY($1::char(24)[])',
    [ids],
  );
  if (rows[0]?.n !== ids.length) throw new InvalidInput(MEMBER_MESSAGE, { member_ids: MEMBER_MESSAGE });
}

export async function createRule(db: Database, input: RuleInput, who: AuditWho): Promise<AssignmentRule> {
  await checkMembers(db.pool, input.member_ids);
  return db.transaction(async (client) => {
    const { rows } = await client.query<RuleRow>(
      `INSERT INTO assignment_rules (name, enabled, course_type, location, cap, member_ids, position, updated_by)
       VALUES ($1, $2, $3, $4, $5, $6, (SELECT coalesce(max(position), 0) + 1 FROM assignment_rules), $7) RETURNING ${RULE_COLUMNS}`,
      [input.name, input.enabled, input.course_type, input.location, input.cap, input.member_ids, who.actorId],
    );
    const rule = toRule(rows[0] as RuleRow);
    await recordAudit(client, { ...who, action: 'assignment_rule.created', details: await ruleDetails(client, rule.id, rule) });
    return rule;
  });
}

export async function updateRule(db: Database, id: string, input: RuleInput & { version: number }, who: AuditWho): Promise<AssignmentRule> {
  await checkMembers(db.pool, input.member_ids);
  return db.transaction(async (client) => {
    // The version read is locked, so the fields compared are the ones this save replaces.
    const before = await client.query<RuleRow>(`SELECT ${RULE_COLUMNS} FROM assignment_rules WHERE id = $1 AND version = $2 FOR UPDATE`, [
      id,
      input.version,
    ]);
    const { rows } = await client.query<RuleRow>(
      `UPDATE assignment_rules SET name = $2, enabled = $3, course_type = $4, location = $5, cap = $6, member_ids = $7,
              version = version + 1, updated_at = now(), updated_by = $9
        WHERE id = $1 AND version = $8 RETURNING ${RULE_COLUMNS}`,
      [id, input.name, input.enabled, input.course_type, input.location, input.cap, input.member_ids, input.version, who.actorId],
    );
    const [was] = before.rows;
    const [row] = rows;
    if (!row || !was) return throwMissingOrStale(client, id);
    const rule = toRule(row);
    const fields = changedKeys(toRule(was), rule, RULE_FIELDS);
    await recordAudit(client, { ...who, action: 'assignment_rule.changed', details: { ...(await ruleDetails(client, id, rule)), fields } });
    return rule;
  });
}

export async function deleteRule(db: Database, id: string, version: number, who: AuditWho): Promise<void> {
  await db.transaction(async (client) => {
    const { rows } = await client.query<{ name: string }>('DELETE FROM assignment_rules WHERE id = $1 AND version = $2 RETURNING name', [
      id,
      version,
    ]);
    if (!rows[0]) return throwMissingOrStale(client, id);
    await recordAudit(client, { ...who, action: 'assignment_rule.removed', details: { rule_id: id, name: rows[0].name } });
  });
}

async function throwMissingOrStale(db: Queryable, id: string): Promise<never> {
  const { rows } = await db.query<{ version: number }>('SELECT version FROM assignment_rules WHERE id = $1', [id]);
  if (!rows[0]) throw new NotFound(RULE_NOT_FOUND_MESSAGE);
  throw new Conflict(RULE_CONFLICT_MESSAGE, { version: rows[0].version });
}

export async function saveSpeedToLead(db: Queryable, hours: number, version: number): Promise<number> {
  const { rowCount } = await db.query('UPDATE assignment_settings SET speed_to_lead_hours = $1, version = version + 1 WHERE version = $2', [
    hours,
    version,
  ]);
  if (rowCount !== 1) throw new Conflict('Someone else changed the setting. Reload the page and try again.', {});
  return version + 1;
}
