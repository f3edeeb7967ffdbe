/** Request examples too long to sit in their route's options; the API test sends them for real. */

/** A full save of a vocational full-time program, as the CRM's course form sends it. */
export const courseSaveExample = {
  version: 1,
  course_name: 'Network and Systems Administrator Diploma',
  slug: 'network-systems-administrator-diploma',
  course_type: 1,
  vocational: true,
  category_id: null,
  sub_category_id: null,
  summary: 'Run the servers, directories and backups that a modern office depends on.',
  description:
    'This diploma focuses on the systems side of IT infrastructure: Windows and Linux servers, identity, storage and virtualisation.',
  outline: ['Windows Server installation, roles and Group Policy', 'Linux server administration and shell scripting'],
  duration: 48,
  duration_unit: 2,
  delivery_mode: 1,
  status: 1,
  certification: 'Microsoft Azure Administrator (AZ-104), CompTIA Server+',
  fees: {
    domestic_tuition: 15_950,
    international_tuition: 21_400,
    books_materials: 850,
    exam_vouchers: 600,
    payment_plan: 'Pay in 4 instalments.',
  },
  admission: {
    domestic: ['Ontario Secondary School Diploma or equivalent'],
    international: ['Secondary school diploma, with transcripts evaluated'],
    english_tests: [{ test: 'IELTS Academic', score: '6.0 overall, no band below 5.5' }],
    mature_student: 'Applicants 18 or older without a diploma may take an admission test.',
  },
  outcomes: { job_titles: ['Systems Administrator', 'Infrastructure Technician'], work_placement: '8-week industry placement' },
  kpi: {
    reporting_year: '2023–2024',
    graduation_rate: 82,
    employment_rate: 78,
    employment_in_field: 71,
    graduate_satisfaction: 88,
    employer_satisfaction: 90,
  },
};
