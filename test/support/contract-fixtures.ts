/** Contract terms for the PDF tests (issue 34): complete, and optionally long enough for many pages. */
import type { ContractTerms } from '../../src/enrolment-contract';

/** Extra admission lines and fees that make `sampleTerms` flow onto 12 pages. */
export const TWELVE_PAGES = 128;

export function sampleTerms(overrides: Partial<ContractTerms> = {}, long = 0): ContractTerms {
  const fees = [
    { label: 'Tuition', amount_cents: 1_450_000, kind: 'compulsory' as const },
    { label: 'Books and materials', amount_cents: 85_000, kind: 'compulsory' as const },
    { label: 'Exam vouchers', amount_cents: 60_000, kind: 'optional' as const },
    ...Array.from({ length: long }, (_, i) => ({ label: `Lab kit ${i + 1}`, amount_cents: 1_000 + i, kind: 'compulsory' as const })),
  ];
  return {
    college: {
      legal_name: 'Northbridge College of Technology Inc.',
      operating_name: 'Northbridge College of Technology',
      address: '2 Bloor Street West, Suite 700, Toronto, ON M4W 3E2, Canada',
      phone: '+1 416-555-0142',
      email: 'admissions@northbridge-college.ca',
    },
    student: {
      name: 'Nguyễn Thị Minh',
      address: '100 Queen Street West, Toronto, ON M5H 2N2, Canada',
      phone: '+1 416-555-0100',
      email: 'minh@example.com',
      residency: 'local',
    },
    program: {
      approved_name: 'Network Administrator Diploma',
      language: 'English',
      hours: 960,
      delivery: 'hybrid',
      locations: '2 Bloor Street West, Suite 700, Toronto, ON M4W 3E2',
      online_platform: 'Microsoft Teams and Moodle',
      online_details: 'A computer with a webcam, a headset and a broadband connection; live classes on weekday evenings.',
      practicum: '8-week industry placement',
      admission_requirements: [
        'Ontario Secondary School Diploma (OSSD) or equivalent',
        'Or: 18 years or older and passing the admission test',
        ...Array.from(
          { length: long },
          (_, i) =>
            `Requirement ${i + 1}: a long line of text that wraps onto a second line in the PDF, to fill the pages of the contract with content.`,
        ),
      ],
    },
    start_date: '2027-01-11',
    expected_end_date: '2027-12-17',
    fees,
    total_cents: fees.filter((f) => f.kind === 'compulsory').reduce((sum, f) => sum + f.amount_cents, 0),
    service_fee_cap_cents: 50_000,
    service_fee_paid_cents: 10_000,
    policies: [
      { key: 'students_rights', title: "Statement of Students' Rights and Responsibilities", url: '/policies' },
      { key: 'refund_policy', title: 'Fee refund policy', url: '/policies' },
      { key: 'complaint_procedure', title: 'Student complaint procedure', url: '/policies' },
    ],
    version: 1,
    issued_at: '2026-11-20T15:30:00.000Z',
    ...overrides,
  };
}
