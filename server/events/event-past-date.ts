/**
 * An event dated in the past (issue 31): a typo in the year or the month should not be saved
 * silently, so creating an event, or moving one, to a start before now is refused (400, the
 * message on `starts_at`, `past_date: true` so the CRM can ask "Save anyway?") unless the request
 * says `confirm_past_date: true` (entering an event afterwards is legitimate). Saving an event that
 * has already started without moving it needs no confirmation: its other fields stay editable.
 */
import { InvalidInput } from '../domain-errors';
import { EVENT_MESSAGES } from './event-schemas';

/** The refusal: a field error on the start, marked so a client knows a confirmation can lift it. */
export class PastEventDate extends InvalidInput {
  constructor() {
    super(EVENT_MESSAGES.pastDate, { starts_at: EVENT_MESSAGES.pastDate });
    Object.assign(this.details, { past_date: true });
  }
}

export interface StartCheck {
  startsAt: string;
  now: Date;
  confirmed: boolean;
  /** The start as saved before (an edit): unchanged, it is not a move. */
  previous?: string;
}

export function checkStartNotPast(check: StartCheck): void {
  if (check.confirmed) return;
  if (check.previous !== undefined && Date.parse(check.previous) === Date.parse(check.startsAt)) return;
  if (Date.parse(check.startsAt) < check.now.getTime()) throw new PastEventDate();
}
