/**
 * Enrolment's seed (issue 34), insert-if-missing like the rest of the seed, so staff edits stay:
 * the enrolment settings row, each seeded program's contract terms, and its published fees from
 * the catalogue's fees (dollars to cents). A course that has any fee row is left alone.
 */
import type { Queryable } from '../database';
import type { TuitionFees } from '../../../src/catalogue-content';
import { COLLEGE, formatAddress } from '../../../src/college';
import { newId } from '../../auth/tokens';
import { SEED_COURSES, courseSeedId } from './catalogue-rows';

/** The sample college's legal name (a fictional corporation behind the fictional Northbridge College). */
const SAMPLE_LEGAL_NAME = 'Northbridge College of Technology Inc.';

/** The policies a contract lists; all three are sections of the site's Policies page. */
const SAMPLE_POLICIES = [
  { key: 'students_rights', title: "Statement of Students' Rights and Responsibilities", url: '/policies' },
  { key: 'refund_policy', title: 'Fee refund policy', url: '/policies' },
  { key: 'complaint_procedure', title: 'Student complaint procedure', url: '/policies' },
];

const SAMPLE_PLATFORM = 'Microsoft Teams (live classes) and Moodle (course materials and assignments)';
const SAMPLE_ONLINE_DETAILS =
  'A computer with a webcam, a microphone and a broadband connection of at least 10 Mbit/s; attendance at the live classes is taken online.';

export async function insertEnrolmentSettings(client: Queryable): Promise<void> {
  // The refund schedule stays null: an admin fills it from the regulation, with its section.
  await client.query(`INSERT INTO enrolment_settings (id, legal_name, policies) VALUES (true, $1, $2::jsonb) ON CONFLICT (id) DO NOTHING`, [
    SAMPLE_LEGAL_NAME,
    JSON.stringify(SAMPLE_POLICIES),
  ]);
}

/**
 * Contract terms of each seeded program without any. The hours are sample data computed from the
 * course's duration (an hour, a 6-hour day, a 20-hour week, an 80-hour month, an 800-hour year),
 * not approved figures: staff replace them with the program's approved hours.
 */
export async function insertProgramTerms(client: Queryable): Promise<void> {
  await client.query(
    `INSERT INTO program_terms (course_id, approved_name, language, hours, delivery, locations, online_platform, online_details, practicum)
     SELECT id, course_name, 'English',
            duration * CASE duration_unit WHEN 5 THEN 1 WHEN 1 THEN 6 WHEN 2 THEN 20 WHEN 3 THEN 80 ELSE 800 END,
            CASE delivery_mode WHEN 2 THEN 'online' ELSE 'in_person' END,
            $2,
            CASE WHEN delivery_mode = 2 THEN $3 END,
            CASE WHEN delivery_mode = 2 THEN $4 END,
            NULLIF(trim(outcomes->>'work_placement'), '')
       FROM courses WHERE id = ANY($1::char(24)[])
     ON CONFLICT (course_id) DO NOTHING`,
    [
      SEED_COURSES.map((course) => courseSeedId(course.slug)),
      `${formatAddress()}, ${COLLEGE.address.country}`,
      SAMPLE_PLATFORM,
      SAMPLE_ONLINE_DETAILS,
    ],
  );
}

interface FeeSeed {
  courseId: string;
  label: string;
  cents: number;
  appliesTo: 'all' | 'local' | 'international';
}

/** The published fees of a course's catalogue entry, in cents; zero amounts are not listed. */
export function feesOf(courseId: string, fees: TuitionFees): FeeSeed[] {
  const rows: FeeSeed[] = [
    { courseId, label: 'Tuition', cents: Math.round(fees.domestic_tuition * 100), appliesTo: 'local' },
    ...(fees.international_tuition === null
      ? []
      : [{ courseId, label: 'Tuition', cents: Math.round(fees.international_tuition * 100), appliesTo: 'international' as const }]),
    { courseId, label: 'Books and materials', cents: Math.round(fees.books_materials * 100), appliesTo: 'all' },
    { courseId, label: 'Exam vouchers', cents: Math.round(fees.exam_vouchers * 100), appliesTo: 'all' },
  ];
  return rows.filter((row) => row.cents > 0);
}

export async function insertProgramFees(client: Queryable): Promise<void> {
  const { rows } = await client.query<{ id: string; fees: TuitionFees }>(
    `SELECT c.id, c.fees FROM courses c
      WHERE c.id = ANY($1::char(24)[]) AND c.fees IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM program_fees f WHERE f.course_id = c.id)`,
    [SEED_COURSES.map((course) => courseSeedId(course.slug))],
  );
  const fees = rows.flatMap((row) => feesOf(row.id, row.fees));
  if (fees.length === 0) return;
  await client.query(
    `INSERT INTO program_fees (id, course_id, label, amount_cents, kind, applies_to, position)
     SELECT * FROM unnest($1::char(24)[], $2::char(24)[], $3::text[], $4::int[], $5::text[], $6::text[], $7::int[])`,
    [
      fees.map(() => newId()),
      fees.map((f) => f.courseId),
      fees.map((f) => f.label),
      fees.map((f) => f.cents),
      fees.map(() => 'compulsory'),
      fees.map((f) => f.appliesTo),
      fees.map((_, i) => i),
    ],
  );
}

export async function insertEnrolmentRows(client: Queryable): Promise<void> {
  await insertEnrolmentSettings(client);
  await insertProgramTerms(client);
  await insertProgramFees(client);
}
