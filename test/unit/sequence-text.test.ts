/** How a sequence's enrolment rules read on the Sequences list (who enters it, issue 24's triggers included). */
import { describeEnrolment, MANUAL_ENROLMENT_ONLY } from '../../src/sequence-text';

test('each rule reads as one sentence: its trigger, then what the lead must be', () => {
  expect(describeEnrolment([{}])).toEqual(['A new lead enters.']);
  expect(describeEnrolment([{ course_type: 1, location: 2, source: 3 }])).toEqual([
    'A new lead enters (course type Full Time, International Student, source Search ad).',
  ]);
  expect(describeEnrolment([{ event_outcome: 'attended' }, { event_outcome: 'no_show', course_id: 'abc' }])).toEqual([
    'A lead enters when they attend an event.',
    'A lead enters when they miss an event they registered for (one program).',
  ]);
});

test('no rule (every condition on "Any") says plainly that only staff enrol leads', () => {
  expect(describeEnrolment([])).toEqual([MANUAL_ENROLMENT_ONLY]);
  expect(MANUAL_ENROLMENT_ONLY).toBe(
    "Manual enrolment only: no lead enters by itself. With every condition on “Any”, staff add leads from a lead's page.",
  );
});
