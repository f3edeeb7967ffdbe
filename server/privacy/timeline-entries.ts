/** The privacy kinds of lead_events as timeline entries, registered by kind in server/timeline/render.ts. */
import { PRIVACY_REQUEST_KINDS, type PrivacyRequestKind } from '../../src/privacy-contract';
import type { Renderer } from '../timeline/renderer';

function requestKind(value: unknown): PrivacyRequestKind | null {
  // After anonymisation the detail's text reads "[removed]": the entry stays, without its kind.
  return PRIVACY_REQUEST_KINDS.find((kind) => kind.id === value)?.id ?? null;
}

export const privacyRequestEntry: Renderer<'privacy_opened' | 'privacy_closed'> = ({ kind, at, by, detail }) => ({
  kind: 'privacy_request',
  at,
  by,
  action: kind === 'privacy_opened' ? 'opened' : 'closed',
  request: requestKind(detail.request),
});

export const anonymisedEntry: Renderer<'anonymised'> = ({ at, by }) => ({ kind: 'anonymised', at, by });
