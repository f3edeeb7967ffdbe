/**
 * Applications' rows about a person (issue 33), for the privacy export, anonymisation, retention
 * and merges (the registry in server/privacy/ lists each area's tables). An application belongs to
 * the person by its address (it may exist before any lead does); its documents belong to it.
 * Anonymisation overwrites the answers and the letter and keeps the program, intake, status,
 * decision and dates for reporting; documents and their encrypted files are deleted outright
 * (server/privacy/anonymise.ts: deleteDocumentsOf), so their rows here matter to the export.
 */
import type { ContactSource, PersonalTable } from '../privacy/personal-tables';

export const APPLICATION_PERSONAL_TABLES: PersonalTable[] = [
  // Documents first: they are found through the application's address, which the next entry overwrites.
  {
    table: 'application_documents',
    label: 'Application documents',
    link: { applicationColumn: 'application_id' },
    scrub: { file_name: 'text', return_reason: 'text' },
  },
  {
    table: 'applications',
    label: 'Applications',
    link: { emailColumn: 'email' },
    scrub: { email: 'email', answers: 'json', conditions: 'text', letter: 'text' },
  },
  { table: 'applicant_sessions', label: 'Application sign-ins', link: { emailColumn: 'email' }, scrub: { email: 'email' } },
  { table: 'applicant_links', label: 'Application sign-in links', link: { emailColumn: 'email' }, scrub: { email: 'email' } },
];

/** Working on an application is contact for the retention schedule. */
export const APPLICATION_CONTACT_SOURCES: ContactSource[] = [
  { table: 'applications', leadColumn: 'lead_id', timeColumns: ['created_at', 'updated_at', 'submitted_at', 'answered_at'] },
];
