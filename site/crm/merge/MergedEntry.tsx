/** A merge on the kept lead's timeline (issue 23): which lead became part of it, and what moved. */
import type { TimelineEntry } from '../../../src/crm-contract';
import { MERGE_FIELDS } from '../../../src/merge-contract';
import { Link } from 'wouter';

type Merged = Extract<TimelineEntry, { kind: 'merged' }>;

export function MergedEntry({ entry }: { entry: Merged }) {
  const fields = MERGE_FIELDS.filter((f) => entry.fields_taken.includes(f.id)).map((f) => f.title);
  const moved = Object.values(entry.moved).reduce((sum, n) => sum + n, 0);
  return (
    <>
      <p className="crm-timeline__what">
        Merged with <Link href={`/leads/${entry.merged_id}`}>{entry.merged_name || 'another lead'}</Link>
      </p>
      <p className="crm-muted">
        {moved} related record{moved === 1 ? '' : 's'} moved here
        {fields.length ? ` · taken from the merged lead: ${fields.join(', ')}` : ''}
      </p>
    </>
  );
}
