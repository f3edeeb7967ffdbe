/**
 * The terms of an enrolment contract (issue 34), drawn from the application, its intake, the
 * program's terms and published fees, the enrolment settings and the college's identity. O. Reg.
 * 415/06 lists what a contract must state; every element missing is named in plain words, and a
 * contract is issued only when nothing is missing (terms null otherwise).
 */
import type { Queryable } from '../db/database';
import type { Residency } from '../../src/application-contract';
import type { AdmissionRequirements } from '../../src/catalogue-content';
import { COLLEGE, formatAddress } from '../../src/college';
import { type Acknowledgement, type CollegePolicy, type ContractFee, type ContractTerms } from '../../src/enrolment-contract';
import { serviceFeeCapCents } from '../../src/ledger-contract';
import { REQUIRED_POLICIES, type ProgramTermsFields } from '../../src/program-terms-contract';
import { NotFound } from '../domain-errors';

export const NO_APPLICATION_MESSAGE = 'There is no such application.';

interface ApplicationRow {
  email: string;
  answers: Record<string, unknown>;
  course_id: string | null;
  intake_id: string | null;
}
type TermsRow = ProgramTermsFields;
interface FeeRow {
  label: string;
  amount_cents: number | null;
  kind: ContractFee['kind'];
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const filled = (value: string | null | undefined): value is string => typeof value === 'string' && value.trim() !== '';

/** The admission requirements a student of this residency meets, one per line (international ones add the English tests). */
export function admissionLines(admission: AdmissionRequirements | null, residency: Residency): string[] {
  if (!admission) return [];
  const lines = residency === 'international' ? [...admission.international] : [...admission.domestic];
  if (residency === 'international') lines.push(...admission.english_tests.map((t) => `English: ${t.test}, ${t.score}`));
  if (filled(admission.mature_student)) lines.push(`Mature student route: ${admission.mature_student.trim()}`);
  return lines.map((line) => line.trim()).filter((line) => line !== '');
}

async function readApplication(db: Queryable, applicationId: string): Promise<ApplicationRow> {
  const { rows } = await db.query<ApplicationRow>('SELECT email, answers, course_id, intake_id FROM applications WHERE id = $1', [
    applicationId,
  ]);
  if (!rows[0]) throw new NotFound(NO_APPLICATION_MESSAGE);
  return rows[0];
}

/** The terms of a new contract version for this application, or what keeps it from being issued. */
export async function draftContractTerms(
  db: Queryable,
  applicationId: string,
  issue: { version: number; issuedAt: Date; siteUrl?: string },
): Promise<{ terms: ContractTerms | null; missing: string[] }> {
  const application = await readApplication(db, applicationId);
  const answers = application.answers;
  const missing: string[] = [];
  const courseId = application.course_id ?? (text(answers.course_id) || null);
  const intakeId = application.intake_id ?? (text(answers.intake_id) || null);
  const residency: Residency | null = answers.residency === 'local' || answers.residency === 'international' ? answers.residency : null;

  const name = [text(answers.first_name), text(answers.last_name)].filter(filled).join(' ');
  const addressParts = ['address', 'city', 'province', 'postal_code', 'country'].map((key) => text(answers[key]));
  const [street, city, province, postal, country] = addressParts;
  if (!filled(text(answers.first_name)) || !filled(text(answers.last_name))) missing.push("Student's name");
  if (addressParts.some((part) => !filled(part))) missing.push("Student's address");
  if (!filled(text(answers.phone))) missing.push("Student's phone number");
  if (!filled(application.email)) missing.push("Student's e-mail address");
  if (!residency) missing.push("Student's residency (local or international)");

  const course = courseId
    ? (
        await db.query<{ course_name: string; admission: AdmissionRequirements | null }>(
          'SELECT course_name, admission FROM courses WHERE id = $1',
          [courseId],
        )
      ).rows[0]
    : undefined;
  if (!course) missing.push('Program');
  const intake = intakeId
    ? (
        await db.query<{ start_date: string; end_date: string }>(
          `SELECT to_char(start_date, 'YYYY-MM-DD') AS start_date, to_char(end_date, 'YYYY-MM-DD') AS end_date FROM intakes WHERE id = $1`,
          [intakeId],
        )
      ).rows[0]
    : undefined;
  if (!intake) missing.push('Start date', 'Expected end date');

  const terms = courseId ? (await db.query<TermsRow>('SELECT * FROM program_terms WHERE course_id = $1', [courseId])).rows[0] : undefined;
  const t: Partial<TermsRow> = terms ?? {};
  if (course) {
    if (!filled(t.approved_name)) missing.push("Program's approved name");
    if (!filled(t.language)) missing.push('Language of instruction');
    if (!t.hours) missing.push('Hours of instruction');
    if (!t.delivery) missing.push('Delivery method');
    if (!filled(t.locations)) missing.push('Locations');
    if (t.delivery && t.delivery !== 'in_person') {
      if (!filled(t.online_platform)) missing.push('Online platform (online or hybrid delivery)');
      if (!filled(t.online_details)) missing.push('Online details (online or hybrid delivery)');
    }
  }
  const admission = course && residency ? admissionLines(course.admission, residency) : [];
  if (course && residency && admission.length === 0) missing.push('Admission requirements');

  const feeRows = courseId
    ? (
        await db.query<FeeRow>(
          `SELECT label, amount_cents, kind FROM program_fees
            WHERE course_id = $1 AND NOT retired AND (applies_to = 'all' OR applies_to = $2)
            ORDER BY position, id`,
          [courseId, residency ?? 'all'],
        )
      ).rows
    : [];
  for (const fee of feeRows) if (fee.amount_cents === null) missing.push(`Fee “${fee.label}” has no amount`);
  const fees: ContractFee[] = feeRows.map((fee) => ({ label: fee.label, amount_cents: fee.amount_cents ?? 0, kind: fee.kind }));
  if (course && !fees.some((fee) => fee.kind === 'compulsory')) missing.push('Fees (no compulsory fee is listed)');

  const settings = (
    await db.query<{ legal_name: string; policies: CollegePolicy[] }>('SELECT legal_name, policies FROM enrolment_settings')
  ).rows[0];
  if (!filled(settings?.legal_name)) missing.push("College's legal name");
  const policies = REQUIRED_POLICIES.map((required) => {
    const policy = (settings?.policies ?? []).find((p) => p.key === required.key);
    if (!policy || !filled(policy.title) || !filled(policy.url)) missing.push(`Policy: ${required.title}`);
    return policy;
  });

  const paid = await db.query<{ paid: string }>(
    `SELECT COALESCE(sum(CASE WHEN kind = 'payment' THEN amount_cents ELSE -amount_cents END), 0)::text AS paid
       FROM ledger_entries WHERE application_id = $1 AND contract_id IS NULL`,
    [applicationId],
  );
  if (missing.length > 0 || !course || !intake || !residency || !settings) return { terms: null, missing };

  const total = fees.reduce((sum, fee) => sum + fee.amount_cents, 0);
  const compulsory = fees.filter((fee) => fee.kind === 'compulsory').reduce((sum, fee) => sum + fee.amount_cents, 0);
  return {
    missing: [],
    terms: {
      college: {
        legal_name: settings.legal_name.trim(),
        operating_name: COLLEGE.name,
        address: `${formatAddress()}, ${COLLEGE.address.country}`,
        phone: COLLEGE.phone,
        email: COLLEGE.emails.admissions,
      },
      student: {
        name,
        address: `${street}, ${city}, ${province} ${postal}, ${country}`,
        phone: text(answers.phone),
        email: application.email.trim(),
        residency,
      },
      program: {
        approved_name: (t.approved_name ?? '').trim(),
        language: (t.language ?? '').trim(),
        hours: t.hours ?? 0,
        delivery: t.delivery ?? 'in_person',
        locations: (t.locations ?? '').trim(),
        online_platform: t.delivery === 'in_person' ? null : (t.online_platform?.trim() ?? null),
        online_details: t.delivery === 'in_person' ? null : (t.online_details?.trim() ?? null),
        practicum: filled(t.practicum) ? t.practicum.trim() : null,
        admission_requirements: admission,
      },
      start_date: intake.start_date,
      expected_end_date: intake.end_date,
      fees,
      total_cents: total,
      service_fee_cap_cents: serviceFeeCapCents(compulsory),
      service_fee_paid_cents: Number(paid.rows[0]?.paid ?? 0),
      // A policy stored as a path of the site ("/policies") is printed with the site's address.
      policies: policies
        .filter((p): p is CollegePolicy => p !== undefined)
        .map(({ key, title, url }) => ({ key, title, url: issue.siteUrl ? new URL(url, issue.siteUrl).href : url })),
      version: issue.version,
      issued_at: issue.issuedAt.toISOString(),
    },
  };
}

/** What the student ticks before signing: each policy received, the online details when not in person, and the contract read. */
export function acknowledgementsOf(terms: ContractTerms): Acknowledgement[] {
  const acknowledgements: Acknowledgement[] = terms.policies.map((policy) => ({
    key: `policy:${policy.key}`,
    text: `I have received the ${policy.title}.`,
  }));
  if (terms.program.delivery !== 'in_person')
    acknowledgements.push({
      key: 'online',
      text: `I have read the online delivery details (${terms.program.online_platform ?? 'the online platform'}) and what I need to take part online.`,
    });
  acknowledgements.push({ key: 'contract', text: 'I have read this contract, including the fees and the refund policy.' });
  return acknowledgements;
}
