/**
 * A list of catalogue items, each with an Edit disclosure (its form and change history) and, where
 * the item can be deleted, a Delete button that names the version it read; plus an Add disclosure.
 */
import { useState, type ReactNode } from 'react';
import { notify } from '../shared/notify';
import { ApiError } from '../../../src/api-client';
import type { CatalogueItemKind } from '../../../src/crm-catalogue-contract';
import { errorMessage } from '../shared/api';
import { confirmAction } from '../shared/confirm';
import { ChangeHistory } from './ChangeHistory';
import type { Names } from './change-lines';

interface Item {
  _id: string;
  version: number;
}

export interface ItemListProps<T extends Item> {
  kind: CatalogueItemKind;
  /** Singular noun for labels: "announcement", "intake". */
  noun: string;
  items: T[];
  titleOf(item: T): string;
  detailOf?(item: T): ReactNode;
  /** The form for a new item (null) or an existing one; `done` closes it and reloads. */
  renderForm(item: T | null, done: () => void): ReactNode;
  remove?(item: T): Promise<unknown>;
  reload(): void;
  headingLevel?: 2 | 3;
  /** Names of ids the change history may show (courses, categories). */
  historyNames?: Names;
}

/** A <details> whose content is built only once opened (no history request per closed item). */
export function Disclosure({ summary, children }: { summary: ReactNode; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="crm-disclosure" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{summary}</summary>
      {open ? children : null}
    </details>
  );
}

export function ItemList<T extends Item>({
  kind,
  noun,
  items,
  titleOf,
  detailOf,
  renderForm,
  remove,
  reload,
  headingLevel = 2,
  historyNames,
}: ItemListProps<T>) {
  const [adding, setAdding] = useState(0);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  async function removeItem(item: T) {
    if (!remove) return;
    const confirmed = await confirmAction({
      title: `Delete ${noun} “${titleOf(item)}”?`,
      message: `The ${noun} is removed from the catalogue and from the public site now. This cannot be undone; its change history keeps a record.`,
      confirmLabel: 'Delete',
    });
    if (!confirmed) return;
    try {
      await remove(item);
      notify.success(`${noun[0]?.toUpperCase()}${noun.slice(1)} deleted.`);
    } catch (error) {
      notify.error(errorMessage(error));
      if (!(error instanceof ApiError && error.status === 409)) return;
    }
    reload();
  }

  return (
    <>
      <Disclosure key={adding} summary={`Add ${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`}>
        {renderForm(null, () => {
          setAdding((n) => n + 1);
          reload();
        })}
      </Disclosure>
      {items.length ? (
        <ul className="crm-item-list" aria-label={`${noun[0]?.toUpperCase()}${noun.slice(1)}s`}>
          {items.map((item) => (
            <li key={`${item._id}:${item.version}`} className="crm-item">
              <div className="crm-item__head">
                <Heading className="crm-item__title">{titleOf(item)}</Heading>
                {remove ? (
                  <button
                    type="button"
                    className="crm-button crm-button--danger"
                    aria-label={`Delete ${titleOf(item)}`}
                    onClick={() => removeItem(item)}
                  >
                    Delete
                  </button>
                ) : null}
              </div>
              {detailOf ? <div className="crm-item__detail">{detailOf(item)}</div> : null}
              <Disclosure
                summary={
                  <>
                    Edit<span className="crm-visually-hidden"> {titleOf(item)}</span>
                  </>
                }
              >
                {renderForm(item, reload)}
                <div className="crm-item__history">
                  <ChangeHistory
                    kind={kind}
                    id={item._id}
                    round={item.version}
                    headingLevel={headingLevel === 2 ? 3 : 4}
                    names={historyNames}
                  />
                </div>
              </Disclosure>
            </li>
          ))}
        </ul>
      ) : (
        <p className="crm-muted">None yet.</p>
      )}
    </>
  );
}
