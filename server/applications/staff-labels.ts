/**
 * How staff read an application (issue 33): the applicant's name (what they typed in the
 * application, else the lead's names from the inquiry), the intake by its start date, the owner.
 * SQL fragments expect the application aliased `a`, its lead `l`, course `c`, intake `i`, owner `u`.
 */

export const FIRST_NAME_SQL = `coalesce(nullif(btrim(a.answers->>'first_name'), ''), l.first_name)`;
export const LAST_NAME_SQL = `coalesce(nullif(btrim(a.answers->>'last_name'), ''), l.last_name)`;

/** The joins that give a row its program, intake and owner. */
export const LABEL_JOINS = `LEFT JOIN courses c ON c.id = a.course_id
  LEFT JOIN intakes i ON i.id = a.intake_id
  LEFT JOIN users u ON u.id = l.owner_id`;

export const LABEL_COLUMNS = `${FIRST_NAME_SQL} AS first_name, ${LAST_NAME_SQL} AS last_name,
  c.course_name AS program, i.start_date::text AS intake_start, u.id AS owner_id, u.name AS owner_name`;

export interface LabelRow {
  first_name: string;
  last_name: string;
  program: string | null;
  intake_start: string | null;
  owner_id: string | null;
  owner_name: string | null;
}

const intakeFormat = new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });

/** "January 12, 2027" from `2027-01-12` (a calendar day: read in UTC so it never shifts). */
export function intakeLabel(startDate: string | null): string | null {
  return startDate ? intakeFormat.format(new Date(`${startDate}T00:00:00Z`)) : null;
}

export function ownerOf(row: Pick<LabelRow, 'owner_id' | 'owner_name'>): { _id: string; name: string } | null {
  return row.owner_id && row.owner_name !== null ? { _id: row.owner_id.trim(), name: row.owner_name } : null;
}

export const fullName = (row: Pick<LabelRow, 'first_name' | 'last_name'>): string => `${row.first_name} ${row.last_name}`.trim();
