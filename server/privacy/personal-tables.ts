/**
 * Where personal data about a person lives, table by table, for the privacy export, anonymisation
 * (server/privacy/) and the merge of two leads. Each area that adds a table holding such data
 * describes it in its own `personal-data.ts` and the registry (server/privacy/registry.ts) lists
 * them all, so a new table cannot be forgotten by one of the three.
 */
export interface PersonalTable {
  /** The table's name. */
  table: string;
  /** What the readable export calls its rows ("Activities", "E-mails"). */
  label: string;
  /**
   * How a row belongs to a person: through a lead's id, through the person's e-mail address, or
   * through one of the person's applications (issue 33: a document belongs to an application).
   */
  link: { leadColumn: string } | { emailColumn: string } | { applicationColumn: string };
  /**
   * Columns anonymisation overwrites, and with what: `text` → "[removed]", `null` → NULL,
   * `email` → an address that cannot be delivered and is unique per person, `row_email` → the
   * same made unique per row from the row's `id` (a table where one address may appear once per
   * something: a merged person's two registrations for one event), `phone` → "".
   * Columns not named (counts, dates, stages, ids) are kept for reporting.
   */
  scrub: Record<string, 'text' | 'null' | 'email' | 'row_email' | 'phone' | 'json'>;
}

/**
 * Where the retention job looks for the person's latest contact: an inquiry, an activity, a note
 * or change, an e-mail. Times are columns of rows linked to a lead; the newest one counts.
 */
/** The column that links a registry table's row to a person. */
export function linkColumn(entry: PersonalTable): string {
  const link = entry.link;
  if ('leadColumn' in link) return link.leadColumn;
  if ('emailColumn' in link) return link.emailColumn;
  return link.applicationColumn;
}

export interface ContactSource {
  table: string;
  leadColumn: string;
  timeColumns: string[];
}
