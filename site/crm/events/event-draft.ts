/**
 * The editor's draft: what the inputs hold (strings, Toronto wall time in separate date and time
 * inputs), turned into EventInput on save. Nothing is checked here: the server's field errors are
 * the one set of rules, shown beside the fields.
 */
import type { CrmEvent, EventInput, EventKind } from '../../../src/events-contract';
import { isoFromToronto, torontoParts } from './event-labels';

export interface EventDraft {
  title: string;
  kind: EventKind;
  date: string;
  start: string;
  end: string;
  place: 'campus' | 'online';
  room: string;
  url: string;
  capacity: string;
  course_ids: string[];
  description: string;
  registration_open: boolean;
}

export function draftOf(event: CrmEvent | null): EventDraft {
  if (!event)
    return {
      title: '',
      kind: 'info_session',
      date: '',
      start: '',
      end: '',
      place: 'campus',
      room: '',
      url: '',
      capacity: '30',
      course_ids: [],
      description: '',
      registration_open: true,
    };
  const start = torontoParts(event.starts_at);
  return {
    title: event.title,
    kind: event.kind,
    date: start.date,
    start: start.time,
    end: torontoParts(event.ends_at).time,
    place: event.place.kind,
    room: event.place.kind === 'campus' ? event.place.room : '',
    url: event.place.kind === 'online' ? event.place.url : '',
    capacity: String(event.capacity),
    course_ids: event.course_ids,
    description: event.description,
    registration_open: event.registration_open,
  };
}

/** Events happen within one Toronto day (docs/decisions.md): the end time is on the start's date. */
export function inputOf(draft: EventDraft): EventInput {
  return {
    title: draft.title.trim(),
    kind: draft.kind,
    starts_at: isoFromToronto(draft.date, draft.start),
    ends_at: isoFromToronto(draft.date, draft.end),
    place: draft.place === 'campus' ? { kind: 'campus', room: draft.room.trim() } : { kind: 'online', url: draft.url.trim() },
    capacity: draft.capacity.trim() === '' ? Number.NaN : Number(draft.capacity),
    course_ids: draft.course_ids,
    description: draft.description.trim(),
    registration_open: draft.registration_open,
  };
}

/** Where each server field key is shown: the input's id and its label in the error summary. */
const FIELDS: Record<string, { id: string; label: string }> = {
  title: { id: 'event-title', label: 'Title' },
  kind: { id: 'event-kind', label: 'Kind' },
  starts_at: { id: 'event-start', label: 'Date and start' },
  ends_at: { id: 'event-end', label: 'Ends' },
  place: { id: 'event-room', label: 'Place' },
  'place.room': { id: 'event-room', label: 'Room' },
  'place.url': { id: 'event-url', label: 'Online link' },
  capacity: { id: 'event-capacity', label: 'Capacity' },
  course_ids: { id: 'event-programs', label: 'Programs covered' },
  description: { id: 'event-description', label: 'Description' },
  registration_open: { id: 'event-open', label: 'Registration open' },
};

const fieldOf = (key: string) => FIELDS[key] ?? FIELDS[key.split('.')[0] ?? ''];
export const eventFieldId = (key: string) => fieldOf(key)?.id ?? null;
export const eventFieldLabel = (key: string) => fieldOf(key)?.label ?? key;
