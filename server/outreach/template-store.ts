/**
 * The e-mail templates admins keep (migration 018): listed, created, changed and retired, each
 * change written to the audit log in its own transaction. Retiring keeps the row, so messages
 * sent from it still name it; a retired template is no longer offered or usable.
 */
import type { Database, Queryable } from '../db/database';
import type { EmailTemplate, TemplateKind } from '../../src/outreach-contract';
import { recordAudit, type AuditWho } from '../audit/audit-log';
import { Conflict, invalidField, NotFound } from '../domain-errors';
import type { TemplateInput } from './template-input';

export const TEMPLATE_NOT_FOUND_MESSAGE = 'There is no such template. It may have been removed; please reload the list.';
export const TEMPLATE_RETIRED_MESSAGE = 'This template was retired. Please choose another one.';
export const TEMPLATE_NAME_TAKEN_MESSAGE = 'A template with this name already exists. Please choose another name.';

interface TemplateRow {
  id: string;
  name: string;
  kind: TemplateKind;
  subject: string;
  body: string;
  retired_at: Date | null;
  updated_at: Date;
}

const COLUMNS = 'id, name, kind, subject, body, retired_at, updated_at';

const toTemplate = (row: TemplateRow): EmailTemplate => ({
  _id: String(row.id),
  name: row.name,
  kind: row.kind,
  subject: row.subject,
  body: row.body,
  retired_at: row.retired_at ? new Date(row.retired_at).toISOString() : null,
  updated_at: new Date(row.updated_at).toISOString(),
});

const isId = (id: string) => /^\d{1,18}$/.test(id);

/** Live templates by name; with `retired`, the retired ones after them. */
export async function listTemplates(db: Queryable, retired: boolean): Promise<EmailTemplate[]> {
  const { rows } = await db.query<TemplateRow>(
    `SELECT ${COLUMNS} FROM email_templates ${retired ? '' : 'WHERE retired_at IS NULL'}
      ORDER BY retired_at IS NOT NULL, lower(name), id`,
  );
  return rows.map(toTemplate);
}

/** A template by id (retired ones too), or null. */
export async function findTemplate(db: Queryable, id: string): Promise<EmailTemplate | null> {
  if (!isId(id)) return null;
  const { rows } = await db.query<TemplateRow>(`SELECT ${COLUMNS} FROM email_templates WHERE id = $1`, [id]);
  return rows[0] ? toTemplate(rows[0]) : null;
}

/** A live template by id: NotFound, or Conflict when retired. */
export async function liveTemplate(db: Queryable, id: string): Promise<EmailTemplate> {
  const template = await findTemplate(db, id);
  if (!template) throw new NotFound(TEMPLATE_NOT_FOUND_MESSAGE);
  if (template.retired_at) throw new Conflict(TEMPLATE_RETIRED_MESSAGE);
  return template;
}

/** The live-name index (migration 018) refuses a second live template of the same name. */
async function nameTaken(db: Queryable, name: string, except: string | null): Promise<boolean> {
  const { rows } = await db.query(
    'SELECT 1 FROM email_templates WHERE lower(name) = lower($1) AND retired_at IS NULL AND ($2::bigint IS NULL OR id <> $2)',
    [name, except],
  );
  return rows.length > 0;
}

export async function createTemplate(db: Database, who: AuditWho, input: TemplateInput): Promise<EmailTemplate> {
  return db.transaction(async (client) => {
    if (await nameTaken(client, input.name, null)) throw invalidField('name', TEMPLATE_NAME_TAKEN_MESSAGE);
    const { rows } = await client.query<TemplateRow>(
      `INSERT INTO email_templates (name, kind, subject, body, updated_by) VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
      [input.name, input.kind, input.subject, input.body, who.actorId],
    );
    const template = toTemplate(rows[0] as TemplateRow);
    await recordAudit(client, {
      ...who,
      action: 'email_template.created',
      details: { template_id: template._id, name: input.name, kind: input.kind },
    });
    return template;
  });
}

export async function changeTemplate(db: Database, who: AuditWho, id: string, input: TemplateInput): Promise<EmailTemplate> {
  if (!isId(id)) throw new NotFound(TEMPLATE_NOT_FOUND_MESSAGE);
  return db.transaction(async (client) => {
    const before = (await client.query<TemplateRow>(`SELECT ${COLUMNS} FROM email_templates WHERE id = $1 FOR UPDATE`, [id])).rows[0];
    if (!before) throw new NotFound(TEMPLATE_NOT_FOUND_MESSAGE);
    if (before.retired_at) throw new Conflict(TEMPLATE_RETIRED_MESSAGE);
    if (await nameTaken(client, input.name, id)) throw invalidField('name', TEMPLATE_NAME_TAKEN_MESSAGE);
    const { rows } = await client.query<TemplateRow>(
      `UPDATE email_templates SET name = $2, kind = $3, subject = $4, body = $5, updated_by = $6, updated_at = now()
        WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, input.name, input.kind, input.subject, input.body, who.actorId],
    );
    const fields = (['name', 'kind', 'subject', 'body'] as const).filter((field) => before[field] !== input[field]);
    await recordAudit(client, { ...who, action: 'email_template.changed', details: { template_id: id, name: input.name, fields } });
    return toTemplate(rows[0] as TemplateRow);
  });
}

export async function retireTemplate(db: Database, who: AuditWho, id: string): Promise<EmailTemplate> {
  if (!isId(id)) throw new NotFound(TEMPLATE_NOT_FOUND_MESSAGE);
  return db.transaction(async (client) => {
    const { rows } = await client.query<TemplateRow>(
      `UPDATE email_templates SET retired_at = coalesce(retired_at, now()), updated_by = $2, updated_at = now()
        WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, who.actorId],
    );
    const row = rows[0];
    if (!row) throw new NotFound(TEMPLATE_NOT_FOUND_MESSAGE);
    await recordAudit(client, { ...who, action: 'email_template.retired', details: { template_id: id, name: row.name } });
    return toTemplate(row);
  });
}
