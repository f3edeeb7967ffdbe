/** The privacy kinds of lead_events as timeline entries (server/crm/timeline.ts reads the rest). */
import type { StaffRef, TimelineEntry } from '../../src/crm-contract';
import { PRIVACY_REQUEST_KINDS, type PrivacyRequestKind } from '../../src/privacy-contract';

function requestKind(value: unknown): PrivacyRequestKind | null {
  // After anonymisation the detail's text reads "[removed]": the entry stays, without its kind.
  return PRIVACY_REQUEST_KINDS.find((kind) => kind.id === value)?.id ?? null;
}

export function privacyEntry(kind: string, detail: Record<string, unknown>, at: string, by: StaffRef | null): TimelineEntry | null {
  if (kind === 'privacy_opened' || kind === 'privacy_closed') {
    return {
      kind: 'privacy_request',
      at,
      by,
      action: kind === 'privacy_opened' ? 'opened' : 'closed',
      request: requestKind(detail.request),
    };
  }
  if (kind === 'anonymised') return { kind: 'anonymised', at, by };
  return null;
}
