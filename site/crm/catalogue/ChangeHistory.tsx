/**
 * An item's recorded changes, newest first: who, when, and each changed field by its label with
 * before → after (change-lines.ts). Long texts show a word-level difference with <del> and <ins>,
 * which CSS also marks in words for screen readers, not by colour alone.
 */
import type { Id } from '../../../src/contract';
import type { CatalogueChange, CatalogueItemKind } from '../../../src/crm-catalogue-contract';
import { formatDateTime } from '../area/labels';
import { useStaffQuery } from '../shared/useStaffQuery';
import { fetchChanges } from './catalogue-api';
import { changeLines, type ChangeLine, type Names } from './change-lines';

const ACTIONS: Record<CatalogueChange['action'], string> = { create: 'Created', update: 'Changed', delete: 'Deleted' };

function LineValue({ line }: { line: ChangeLine }) {
  if (line.kind === 'value') {
    return (
      <>
        <span className="crm-history__before">{line.before}</span>
        {' → '}
        <span className="crm-history__after">{line.after}</span>
      </>
    );
  }
  if (line.kind === 'text') {
    return (
      <span className="crm-history__diff">
        {line.parts.map((part, index) =>
          part.kind === 'del' ? (
            <del key={index}>{part.text}</del>
          ) : part.kind === 'ins' ? (
            <ins key={index}>{part.text}</ins>
          ) : (
            <span key={index}>{part.text}</span>
          ),
        )}
      </span>
    );
  }
  return (
    <ul className="crm-history__list-change">
      {line.removed.map((item, index) => (
        <li key={`r${index}`}>
          Removed: <del>{item}</del>
        </li>
      ))}
      {line.added.map((item, index) => (
        <li key={`a${index}`}>
          Added: <ins>{item}</ins>
        </li>
      ))}
    </ul>
  );
}

function ChangeItem({ change, names }: { change: CatalogueChange; names: Names }) {
  const lines = change.action === 'update' ? changeLines(change.kind, change.fields, names) : [];
  return (
    <li className="crm-history__item">
      <p className="crm-history__meta">
        <strong>{ACTIONS[change.action]}</strong> by {change.by?.name ?? 'the system'} ·{' '}
        <time dateTime={change.at}>{formatDateTime(change.at)}</time>
      </p>
      {lines.length ? (
        <ul className="crm-history__fields">
          {lines.map((line) => (
            <li key={line.key}>
              <span className="crm-history__label">{line.label}</span>: <LineValue line={line} />
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

export function ChangeHistory({
  kind,
  id,
  round = 0,
  headingLevel = 2,
  names = {},
}: {
  kind: CatalogueItemKind;
  id: Id;
  round?: number;
  headingLevel?: 2 | 3 | 4;
  /** Names of the ids a change may hold (categories, courses). */
  names?: Names;
}) {
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
      {changes.length ? (
        <ol className="crm-history__list">
          {changes.map((c) => (
            <ChangeItem key={c._id} change={c} names={names} />
          ))}
        </ol>
      ) : null}
    </section>
  );
}
