/** How a sequence's enrolment rules read on the Sequences list (who enters it, issue 24's triggers included). */
import { describeEnrolment } from '../../src/sequence-text';

test('each rule reads as one sentence: its trigger, then what the lead must be', () => {
  expect(describeEnrolment([])).toEqual(['Leads are added by hand.']);
  expect(describeEnrolment([{}])).toEqual(['A new lead enters.']);
  expect(describeEnrolment([{ course_type: 1, location: 2, source: 3 }])).toEqual([
    'A new lead enters (course type Full Time, International Student, source Search ad).',
  ]);
  expect(describeEnrolment([{ event_outcome: 'attended' }, { event_outcome: 'no_show', course_id: 'abc' }])).toEqual([
    'A lead enters when they attend an event.',
    'A lead enters when they miss an event they registered for (one program).',
  ]);
});
