/**
 * Enrolment under the Ontario Career Colleges Act, 2005 and O. Reg. 415/06 (issue 34): from an
 * accepted admission to an enrolled student, with the contract, its signatures, the two-day
 * cooling-off, the ledger, receipts and refunds (docs/requirements.md, R-enrolment).
 *
 * - program_terms / program_fees: what a contract states about a program (approved name,
 *   language, hours, delivery, locations, practicum) and its published fees, edited by staff. A
 *   null is a missing element: it blocks issuing and is named.
 * - enrolment_settings: one row: the college's legal name, its policies, and the partial-refund
 *   schedule an admin copies from the regulation (null until filled).
 * - contracts: each issued version, its PDF and SHA-256, the student's signature (typed name,
 *   time, client address, user agent, the hash of the PDF they saw), the countersignature, the
 *   final PDF with its signature page, the copy's delivery and the cooling-off deadline. A signed
 *   version is never changed: an amendment is a new version, the old one superseded.
 * - ledger_entries: payments and refunds in integer cents, each with its receipt number; a
 *   request key makes a repeated post record once.
 * - refund_obligations: what the college owes, why (its legal basis) and by when.
 * - refund_reminder_days: the Toronto days admins were mailed the overdue refunds (once a day).
 * - users.sign_contracts: the grant to countersign contracts.
 */
import type { Migration } from './migration';

export const enrolment: Migration = {
  id: '037_enrolment',
  sql: /* sql */ `
    CREATE TABLE program_terms (
      course_id        char(24) PRIMARY KEY REFERENCES courses(id),
      approved_name    text,
      language         text,
      hours            integer CHECK (hours IS NULL OR hours > 0),
      delivery         text CHECK (delivery IN ('in_person', 'online', 'hybrid')),
      locations        text,
      online_platform  text,
      online_details   text,
      practicum        text,
      updated_by       char(24) REFERENCES users(id),
      updated_at       timestamptz NOT NULL DEFAULT now(),
      version          integer NOT NULL DEFAULT 1
    );

    CREATE TABLE program_fees (
      id            char(24) PRIMARY KEY,
      course_id     char(24) NOT NULL REFERENCES courses(id),
      label         text NOT NULL CHECK (length(label) BETWEEN 1 AND 120),
      -- Null: the fee is listed without an amount, which blocks issuing a contract.
      amount_cents  integer CHECK (amount_cents IS NULL OR amount_cents >= 0),
      kind          text NOT NULL DEFAULT 'compulsory' CHECK (kind IN ('compulsory', 'optional')),
      applies_to    text NOT NULL DEFAULT 'all' CHECK (applies_to IN ('all', 'local', 'international')),
      position      integer NOT NULL DEFAULT 0,
      retired       boolean NOT NULL DEFAULT false
    );
    CREATE INDEX program_fees_course_idx ON program_fees (course_id, position);

    CREATE TABLE enrolment_settings (
      id                      boolean PRIMARY KEY DEFAULT true CHECK (id),
      legal_name              text NOT NULL,
      policies                jsonb NOT NULL DEFAULT '[]'::jsonb,
      refund_schedule         jsonb,
      refund_schedule_source  text,
      updated_by              char(24) REFERENCES users(id),
      updated_at              timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE contracts (
      id                   char(24) PRIMARY KEY,
      application_id       char(24) NOT NULL REFERENCES applications(id),
      lead_id              char(24) NOT NULL REFERENCES leads(id),
      version              integer NOT NULL CHECK (version > 0),
      status               text NOT NULL DEFAULT 'issued' CHECK (status IN (
                             'issued', 'signed', 'countersigned', 'enrolled', 'cancelled', 'superseded')),
      terms                jsonb NOT NULL,
      pdf                  bytea NOT NULL,
      pdf_sha256           text NOT NULL,
      issued_by            char(24) REFERENCES users(id),
      issued_at            timestamptz NOT NULL DEFAULT now(),
      signed_name          text,
      signed_at            timestamptz,
      signed_ip            text,
      signed_agent         text,
      signed_sha256        text,
      acknowledgements     jsonb,
      countersigned_by     char(24) REFERENCES users(id),
      countersigned_at     timestamptz,
      final_pdf            bytea,
      final_sha256         text,
      copy_mail_id         bigint,
      copy_delivered_at    timestamptz,
      cooling_off_ends_at  timestamptz,
      cancelled_at         timestamptz,
      cancel_basis         text,
      cancelled_by         char(24) REFERENCES users(id),
      enrolled_at          timestamptz,
      UNIQUE (application_id, version),
      CHECK ((signed_at IS NULL) = (signed_sha256 IS NULL)),
      CHECK (countersigned_at IS NULL OR signed_at IS NOT NULL)
    );
    -- One live contract per application: every other version is superseded or cancelled.
    CREATE UNIQUE INDEX contracts_live_idx ON contracts (application_id)
      WHERE status NOT IN ('superseded', 'cancelled');
    CREATE INDEX contracts_lead_idx ON contracts (lead_id);
    CREATE INDEX contracts_cooling_off_idx ON contracts (cooling_off_ends_at) WHERE status = 'countersigned';

    CREATE SEQUENCE receipt_numbers START 1001;

    CREATE TABLE refund_obligations (
      id                  char(24) PRIMARY KEY,
      application_id      char(24) NOT NULL REFERENCES applications(id),
      contract_id         char(24) REFERENCES contracts(id),
      basis               text NOT NULL CHECK (basis IN ('cooling_off', 'withdrawal', 'expulsion', 'discontinued',
                            'before_contract', 'before_approval', 'unpublished_fee', 'not_commenced')),
      legal_basis         text NOT NULL,
      -- Null until staff complete it (a partial refund while the schedule is not configured).
      amount_cents        integer CHECK (amount_cents IS NULL OR amount_cents >= 0),
      earned_fees_cents   integer CHECK (earned_fees_cents IS NULL OR earned_fees_cents >= 0),
      paid_cents          integer NOT NULL DEFAULT 0 CHECK (paid_cents >= 0),
      notice_received_at  timestamptz NOT NULL,
      due_at              timestamptz NOT NULL,
      status              text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'refunded')),
      note                text,
      created_by          char(24) REFERENCES users(id),
      created_at          timestamptz NOT NULL DEFAULT now(),
      refunded_at         timestamptz
    );
    CREATE INDEX refund_obligations_due_idx ON refund_obligations (status, due_at);
    CREATE INDEX refund_obligations_app_idx ON refund_obligations (application_id);

    CREATE TABLE ledger_entries (
      id              char(24) PRIMARY KEY,
      application_id  char(24) NOT NULL REFERENCES applications(id),
      contract_id     char(24) REFERENCES contracts(id),
      refund_id       char(24) REFERENCES refund_obligations(id),
      kind            text NOT NULL CHECK (kind IN ('payment', 'refund')),
      amount_cents    integer NOT NULL CHECK (amount_cents > 0),
      method          text NOT NULL CHECK (method IN ('e_transfer', 'card', 'cheque', 'cash', 'third_party')),
      reference       text,
      funder          text,
      request_key     text NOT NULL UNIQUE,
      receipt_number  integer NOT NULL UNIQUE DEFAULT nextval('receipt_numbers'),
      receipt_mail_id bigint,
      -- The receipt exactly as it was e-mailed: a record that later fee changes cannot alter.
      receipt_pdf     bytea,
      recorded_by     char(24) REFERENCES users(id),
      recorded_at     timestamptz NOT NULL DEFAULT now(),
      CHECK ((kind = 'refund') = (refund_id IS NOT NULL))
    );
    CREATE INDEX ledger_entries_app_idx ON ledger_entries (application_id, recorded_at);

    -- The Toronto days the overdue-refunds reminder was mailed to admins: at most once a day,
    -- whichever instance (or retry) runs the job.
    CREATE TABLE refund_reminder_days (
      day      date PRIMARY KEY,
      refunds  integer NOT NULL CHECK (refunds > 0),
      sent_at  timestamptz NOT NULL DEFAULT now()
    );

    ALTER TABLE users ADD COLUMN sign_contracts boolean NOT NULL DEFAULT false;
  `,
};
