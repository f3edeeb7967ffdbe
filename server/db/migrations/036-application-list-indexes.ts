/**
 * The staff Applications list (issue 33) at scale: its default order (last updated first, every
 * status) and its newest-first order read an index each instead of sorting every row, and the
 * program filter finds its rows by index. (applications_status_idx of 035 serves a status filter.)
 */
import type { Migration } from './migration';

export const applicationListIndexes: Migration = {
  id: '036_application_list_indexes',
  sql: /* sql */ `
    CREATE INDEX applications_updated_idx ON applications (updated_at DESC, id DESC);
    CREATE INDEX applications_created_idx ON applications (created_at DESC, id DESC);
    CREATE INDEX applications_course_idx ON applications (course_id, intake_id);
  `,
};
