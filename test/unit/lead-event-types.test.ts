/**
 * The timeline's kinds are checked by the compiler (issue 30): a detail that is not its kind's, a
 * kind nobody declared, a registry missing a renderer, a renderer reading a key its writer never
 * writes, or SQL detail columns naming another kind's keys do not compile. `tsc --noEmit` (the
 * type check) fails if any line marked @ts-expect-error ever compiles; the tests below pin the SQL
 * the set-based form builds.
 */
import { kindCase, leadEventsInsertFrom, type LeadEvent } from '../../server/timeline/lead-events';
import type { Renderer, Renderers } from '../../server/timeline/renderer';

// Never called: its body is here for the type check only.
export function compileTimeChecks(partial: Omit<Renderers, 'merged'>): unknown[] {
  // @ts-expect-error a note's detail is its text, not a subject
  const wrongDetail: LeadEvent = { kind: 'note', leadId: 'x', actorId: null, detail: { subject: 'x' } };
  // @ts-expect-error another kind's detail (a stage change's) under a note's kind
  const otherKindsDetail: LeadEvent = { kind: 'note', leadId: 'x', actorId: null, detail: { from: 1, to: 5 } };
  // @ts-expect-error a kind not in LeadEventDetails cannot be written
  const unknownKind: LeadEvent = { kind: 'later_kind', leadId: 'x', actorId: null, detail: {} };
  // @ts-expect-error every kind needs a renderer: a registry without one for 'merged' is not a Renderers
  const registry: Renderers = partial;
  // @ts-expect-error a renderer reads only the keys its kind's writer writes
  const reader: Renderer<'note'> = ({ at, by, detail }) => ({ kind: 'note', at, by, text: String(detail.subject) });
  // @ts-expect-error an activity's SQL detail is its activity_id
  const sql = leadEventsInsertFrom({ kind: 'activity', leadId: 'id', detail: { activity: 'id' }, from: '' });
  return [wrongDetail, otherKindsDetail, unknownKind, registry, reader, sql];
}

describe('the set-based lead_events insert', () => {
  test('names the columns once, the kind as a literal, the detail as jsonb_build_object', () => {
    const sql = leadEventsInsertFrom({
      kind: 'repeat_inquiry',
      leadId: 'u.parent',
      detail: { inquiry_id: 'u.id', course_id: 'u.course_id', course_name: 'NULL', origin: 'u.origin', source: 'u.source' },
      createdAt: 'u.created_at',
      from: 'FROM updated u',
    });
    expect(sql.replace(/\s+/g, ' ')).toBe(
      "INSERT INTO lead_events (lead_id, kind, actor_id, detail, created_at) SELECT u.parent, 'repeat_inquiry', NULL, " +
        "jsonb_build_object('inquiry_id', u.id, 'course_id', u.course_id, 'course_name', NULL, 'origin', u.origin, 'source', u.source), " +
        'u.created_at FROM updated u',
    );
  });

  test('a kind chosen per row is a CASE over the declared kinds; no created_at leaves the column default', () => {
    const sql = leadEventsInsertFrom({
      kind: kindCase('w.kind', { express: 'consent_given' }, 'consent_withdrawn'),
      leadId: 'l.id',
      actorId: '$8',
      detail: { method: 'w.method' },
      from: 'FROM written w',
    });
    expect(sql.replace(/\s+/g, ' ')).toBe(
      "INSERT INTO lead_events (lead_id, kind, actor_id, detail) SELECT l.id, CASE w.kind WHEN 'express' THEN 'consent_given' " +
        "ELSE 'consent_withdrawn' END, $8, jsonb_build_object('method', w.method) FROM written w",
    );
  });
});
