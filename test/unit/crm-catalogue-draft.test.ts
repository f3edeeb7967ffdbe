/**
 * The course editor's draft: a course survives the round trip through the form unchanged, blank
 * sections become null, KPI figures are dropped for non-vocational courses, and server error keys
 * find their field.
 */
import type { CatalogueCourse } from '../../src/crm-catalogue-contract';
import { draftOf, inputOf, slugFrom } from '../../site/crm/catalogue/course-draft';
import { courseFieldId, courseFieldOf } from '../../site/crm/catalogue/course-labels';
import { errorFor } from '../../site/crm/catalogue/save';

const COURSE: CatalogueCourse = {
  _id: 'c1',
  course_name: 'Network Specialist Diploma',
  slug: 'network-specialist-diploma',
  course_type: 1,
  vocational: true,
  category_id: 'k1',
  sub_category_id: null,
  summary: 'Build networks.',
  description: 'Long text.',
  outline: ['One', 'Two'],
  duration: 52,
  duration_unit: 2,
  delivery_mode: 1,
  status: 1,
  certification: 'CCNA 200-301',
  fees: {
    domestic_tuition: 15900,
    international_tuition: null,
    books_materials: 850,
    exam_vouchers: 420,
    payment_plan: 'Four instalments.',
  },
  admission: {
    domestic: ['OSSD'],
    international: ['Secondary diploma'],
    english_tests: [{ test: 'IELTS Academic', score: '6.0' }],
    mature_student: '',
  },
  outcomes: { job_titles: ['Network technician'], work_placement: null },
  kpi: {
    reporting_year: '2023–2024',
    graduation_rate: 81,
    employment_rate: 78,
    employment_in_field: 70,
    graduate_satisfaction: 88,
    employer_satisfaction: 91,
  },
  path: '/full-time/network-specialist-diploma',
  version: 3,
  updated_at: '2026-11-20T10:00:00Z',
  updated_by: null,
};

describe('course editor draft', () => {
  test('a course goes through the form unchanged', () => {
    const input = inputOf(draftOf(COURSE));
    expect({ ...COURSE, ...input }).toEqual(COURSE);
    expect(Object.keys(input).sort()).toEqual(
      Object.keys(COURSE)
        .filter((k) => !['_id', 'path', 'version', 'updated_at', 'updated_by'].includes(k))
        .sort(),
    );
  });

  test('lists are one item per line; blank lines and spaces are dropped', () => {
    const draft = draftOf(COURSE);
    draft.text['outcomes.job_titles'] = ' Network technician \n\n  NOC analyst\n';
    expect(inputOf(draft).outcomes?.job_titles).toEqual(['Network technician', 'NOC analyst']);
  });

  test('blank sections are null; KPI figures only for vocational programs', () => {
    const blank = inputOf(draftOf(null));
    expect([blank.fees, blank.admission, blank.outcomes, blank.kpi]).toEqual([null, null, null, null]);
    const draft = draftOf(COURSE);
    draft.vocational = false;
    expect(inputOf(draft).kpi).toBeNull();
  });

  test('an unreadable number is sent as NaN (null in JSON) for the server to name', () => {
    const draft = draftOf(COURSE);
    draft.text['fees.domestic_tuition'] = 'lots';
    expect(JSON.parse(JSON.stringify(inputOf(draft))).fees.domestic_tuition).toBeNull();
  });

  test('server error keys find their field', () => {
    expect(courseFieldOf('admission.english_tests.1.score')).toBe('admission.english_tests');
    expect(courseFieldOf('fees.domestic_tuition')).toBe('fees.domestic_tuition');
    expect(courseFieldOf('nonsense')).toBeNull();
    expect(courseFieldId('fees.domestic_tuition')).toBe('course-fees-domestic_tuition');
    expect(errorFor({ 'admission.domestic.2': 'Too long.' }, 'admission.domestic')).toBe('Too long.');
  });

  test('a new course gets a slug from its name', () => {
    expect(slugFrom('Cybersécurité & Cloud: Level 2')).toBe('cybersecurite-cloud-level-2');
  });
});
