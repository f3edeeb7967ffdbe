/**
 * The timeline grows with the follow-up features (mail sent and replies, consent, repeat
 * inquiries, merges, sequence steps, events): each adds its own kinds of lead_events. The list of
 * kinds lives in code (src/crm-contract.ts, TimelineEntry); the table only keeps the shape of a
 * kind, so adding one needs no migration that would have to repeat every other.
 */
import type { Migration } from './migration';

export const leadEventKinds: Migration = {
  id: '017_lead_event_kinds',
  sql: /* sql */ `
    ALTER TABLE lead_events DROP CONSTRAINT IF EXISTS lead_events_kind_check;
    ALTER TABLE lead_events ADD CONSTRAINT lead_events_kind_shape CHECK (kind ~ '^[a-z][a-z_]{0,39}$');
  `,
};
