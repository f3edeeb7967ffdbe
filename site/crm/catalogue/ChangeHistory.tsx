/** An item's recorded changes: who, when, and each changed field from → to (newest first). */
import type { Id } from '../../../src/contract';
import type { CatalogueChange, CatalogueItemKind } from '../../../src/crm-catalogue-contract';
import { formatDateTime } from '../area/labels';
import { useStaffQuery } from '../shared/useStaffQuery';
import { fetchChanges } from './catalogue-api';

const ACTIONS: Record<CatalogueChange['action'], string> = { create: 'Created', update: 'Changed', delete: 'Deleted' };

/** A short, readable form of a JSON value; long ones are cut (the full text is in the title). */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}

function ChangeItem({ change }: { change: CatalogueChange }) {
  const fields = Object.entries(change.fields);
  return (
    <li className="crm-history__item">
      <p className="crm-history__meta">
        <strong>{ACTIONS[change.action]}</strong> by {change.by?.name ?? 'the system'} · <time dateTime={change.at}>{formatDateTime(change.at)}</time>
      </p>
      {change.action === 'update' && fields.length ? (
        <ul className="crm-history__fields">
          {fields.map(([field, [before, after]]) => (
            <li key={field}>
              <code>{field}</code>: <span className="crm-history__before" title={shown(before)}>{shown(before)}</span>
              {' → '}<span className="crm-history__after" title={shown(after)}>{shown(after)}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

export function ChangeHistory({ kind, id, round = 0, headingLevel = 2 }: { kind: CatalogueItemKind; id: Id; round?: number; headingLevel?: 2 | 3 | 4 }) {
  const { data, error, loading } = useStaffQuery((signal) => fetchChanges(kind, id, signal), `${kind}:${id}:${round}`);
  const Heading = (['h2', 'h3', 'h4'] as const)[headingLevel - 2] ?? 'h2';
  const headingId = `history-${kind}-${id}`;
  const changes = data?.changes ?? [];
  return (
    <section className="crm-history" aria-labelledby={headingId}>
      <Heading id={headingId}>Change history</Heading>
      {error ? <p className="crm-alert">{error}</p> : null}
      {loading && !data ? <p className="crm-muted">Loading…</p> : null}
      {data && !changes.length ? <p className="crm-muted">No recorded changes yet.</p> : null}
      {changes.length ? <ol className="crm-history__list">{changes.map((c) => <ChangeItem key={c._id} change={c} />)}</ol> : null}
    </section>
  );
}
