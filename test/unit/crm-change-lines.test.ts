import { changeLines, groupThousands } from '../../site/crm/catalogue/change-lines';
import { shortenSame, wordDiff } from '../../site/crm/catalogue/word-diff';

const FEES = {
  domestic_tuition: 20_400,
  international_tuition: 27_500,
  books_materials: 850,
  exam_vouchers: 600,
  payment_plan: 'A $500 registration deposit holds your seat; the rest in 4 instalments.',
};

describe('change history lines', () => {
  test('a tuition change reads by label and in dollars, field by field, never as JSON', () => {
    const lines = changeLines('course', { fees: [FEES, { ...FEES, domestic_tuition: 21_900 }] });
    expect(lines).toEqual([
      { key: 'fees.domestic_tuition', label: 'Domestic tuition (CAD)', kind: 'value', before: '$20,400', after: '$21,900' },
    ]);
  });

  test('KPI rates read as percentages; lookups by title; booleans as Yes/No', () => {
    const kpi = {
      reporting_year: '2023–2024',
      graduation_rate: 82,
      employment_rate: 78,
      employment_in_field: 71,
      graduate_satisfaction: 88,
      employer_satisfaction: 90,
    };
    const lines = changeLines(
      'course',
      {
        kpi: [kpi, { ...kpi, graduation_rate: 85 }],
        status: [1, 2],
        vocational: [true, false],
        category_id: ['c1', 'c2'],
      },
      { c1: 'Networking', c2: 'Cyber Security' },
    );
    expect(lines.map((l) => (l.kind === 'value' ? `${l.label}: ${l.before} → ${l.after}` : l.kind))).toEqual([
      'Category: Networking → Cyber Security',
      'Status: Active → Inactive',
      'Vocational program (Ontario KPI reporting): Yes → No',
      'Graduation rate (%): 82% → 85%',
    ]);
  });

  test('a structured field that appears lists each of its fields from empty', () => {
    const lines = changeLines('course', { fees: [null, FEES] });
    expect(lines.map((l) => l.label)).toEqual([
      'Domestic tuition (CAD)',
      'International tuition (CAD)',
      'Books and materials (CAD)',
      'Exam vouchers (CAD)',
      'Payment plan note',
    ]);
    expect(lines[0]).toMatchObject({ before: '(empty)', after: '$20,400' });
  });

  test('lists say what was added and removed; English tests by name and score', () => {
    const admission = {
      domestic: ['OSSD or equivalent', 'Age 18+'],
      international: [],
      english_tests: [{ test: 'IELTS Academic', score: '6.0' }],
      mature_student: '',
    };
    const lines = changeLines('course', {
      admission: [
        admission,
        { ...admission, domestic: ['OSSD or equivalent', 'Interview'], english_tests: [{ test: 'IELTS Academic', score: '6.5' }] },
      ],
    });
    expect(lines).toEqual([
      { key: 'admission.domestic', label: 'Domestic applicants', kind: 'list', removed: ['Age 18+'], added: ['Interview'] },
      {
        key: 'admission.english_tests',
        label: 'English tests',
        kind: 'list',
        removed: ['IELTS Academic: 6.0'],
        added: ['IELTS Academic: 6.5'],
      },
    ]);
  });

  test('a long text is a word-level difference', () => {
    const before = 'Learn to defend networks in a hands-on lab with industry tools and real incidents from our partners.';
    const after = 'Learn to defend cloud networks in a hands-on lab with industry tools and real incidents from our partners.';
    const [line] = changeLines('course', { description: [before, after] });
    expect(line).toEqual({
      key: 'description',
      label: 'Description',
      kind: 'text',
      parts: [
        { kind: 'same', text: 'Learn to defend ' },
        { kind: 'ins', text: 'cloud ' },
        { kind: 'same', text: 'networks in a hands-on lab with industry tools…' },
      ],
    });
  });

  test('word diff marks replaced words and keeps the rest', () => {
    expect(wordDiff('pay in 4 instalments', 'pay in 6 monthly instalments')).toEqual([
      { kind: 'same', text: 'pay in ' },
      { kind: 'del', text: '4 ' },
      { kind: 'ins', text: '6 monthly ' },
      { kind: 'same', text: 'instalments' },
    ]);
    expect(wordDiff('', 'new text')).toEqual([{ kind: 'ins', text: 'new text' }]);
    expect(shortenSame([{ kind: 'same', text: 'one two three' }])).toEqual([{ kind: 'same', text: 'one two three' }]);
  });

  test('thousands are grouped without locale data', () => {
    expect([0, 999, 1000, 20_400, 1_234_567, -5000, 12.5].map(groupThousands)).toEqual([
      '0',
      '999',
      '1,000',
      '20,400',
      '1,234,567',
      '-5,000',
      '12.5',
    ]);
  });
});

test('lines follow the editor order, not the stored key order', () => {
  const lines = changeLines('course', {
    kpi: [{ graduation_rate: 80 }, { graduation_rate: 91 }],
    fees: [{ domestic_tuition: 1 }, { domestic_tuition: 2 }],
    course_name: ['A', 'B'],
  });
  expect(lines.map((l) => l.key)).toEqual(['course_name', 'fees.domestic_tuition', 'kpi.graduation_rate']);
});
