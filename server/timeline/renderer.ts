/**
 * What a renderer of one kind of lead_events row is given and gives back (issue 30). A stored
 * detail may lack keys (rows of older versions, tests' hand-made rows) or hold "[removed]" where
 * anonymisation overwrote text, so its values are `unknown` and read with the helpers below; but
 * only the keys the kind's writer writes can be read at all (StoredDetail).
 */
import type { Activity, SentEmail, StaffRef, TimelineEntry, TimelineReply } from '../../src/crm-contract';
import type { LeadEventDetails, LeadEventKind } from './lead-event-kinds';

export type StoredDetail<K extends LeadEventKind> = { readonly [F in keyof LeadEventDetails[K]]?: unknown };

export interface StoredEvent<K extends LeadEventKind> {
  kind: K;
  at: string;
  /** The row's actor, null when it has none. */
  by: StaffRef | null;
  detail: StoredDetail<K>;
}

/** The lead's other records an entry shows whole (an activity, an e-mail, a reply), and staff by id. */
export interface TimelineSources {
  staff(id: unknown): StaffRef | null;
  activities: ReadonlyMap<string, Activity>;
  emails: ReadonlyMap<string, SentEmail>;
  replies: ReadonlyMap<string, TimelineReply>;
}

/** The entry of a row of kind K; null when the row cannot be shown (its record is gone, its action unknown). */
export type Renderer<K extends LeadEventKind> = (event: StoredEvent<K>, sources: TimelineSources) => TimelineEntry | null;

/** One renderer per kind: a kind added to LeadEventDetails without one does not compile. */
export type Renderers = { [K in LeadEventKind]: Renderer<K> };

export const str = (value: unknown) => (typeof value === 'string' ? value : '');
export const strOrNull = (value: unknown) => (typeof value === 'string' ? value : null);
