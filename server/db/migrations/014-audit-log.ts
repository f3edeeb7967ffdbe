/**
 * The audit log (issue 21): staff actions that matter to privacy and security, with who, when,
 * from which address and what. Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE, so no
 * code path (nor a mistaken query) can rewrite history; rows are only ever inserted
 * (server/audit/audit-log.ts). Also the "export" permission on staff accounts (admins always have it).
 */
import type { Migration } from './migration';

export const auditLog: Migration = {
  id: '014_audit_log',
  sql: /* sql */ `
    CREATE TABLE audit_log (
      id        bigserial PRIMARY KEY,
      at        timestamptz NOT NULL DEFAULT now(),
      -- The account that acted (or, for a failed sign-in, the account tried); null when unknown.
      actor_id  char(24) REFERENCES users(id),
      action    text NOT NULL CHECK (action ~ '^[a-z_]+\\.[a-z_]+$'),
      ip        text,
      details   jsonb NOT NULL DEFAULT '{}'::jsonb
    );
    CREATE INDEX audit_log_at_idx ON audit_log (at DESC, id DESC);
    CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, at DESC, id DESC);
    CREATE INDEX audit_log_action_idx ON audit_log (action, at DESC, id DESC);

    CREATE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP USING ERRCODE = '42501';
    END
    $$;
    CREATE TRIGGER audit_log_no_update_or_delete BEFORE UPDATE OR DELETE ON audit_log
      FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();
    CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
      FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();

    ALTER TABLE users ADD COLUMN lead_exporter boolean NOT NULL DEFAULT false;

    -- Photos are re-encoded: WebP in bytes, and a JPEG for clients that do not take WebP.
    ALTER TABLE professor_photos ADD COLUMN jpeg_bytes bytea;
  `,
};
