/**
 * A program's document checklist in the course editor (issue 33): the items applicants upload,
 * each with a title, required or optional, and whom it applies to (all, local or international
 * applicants). Add, remove and move items with buttons (focus follows the moved item), then save
 * the whole list; items removed are retired on the server, so documents already uploaded for
 * them keep their title.
 */
import { useEffect, useState } from 'react';
import { crmApplicationPaths, type AppliesTo, type ChecklistSave, type CourseChecklist } from '../../../src/application-contract';
import { staffFetch } from '../shared/api';
import { notify } from '../shared/notify';
import { useStaffQuery } from '../shared/useStaffQuery';
import { useSaveState } from './useSaveState';
import { useFocusNext } from '../shared/useFocusNext';

interface Row {
  key: string;
  _id?: string;
  title: string;
  required: boolean;
  applies_to: AppliesTo;
}

const APPLIES_TO: { id: AppliesTo; title: string }[] = [
  { id: 'all', title: 'All applicants' },
  { id: 'local', title: 'Local applicants' },
  { id: 'international', title: 'International applicants' },
];

/** The API's path without the /api that staffFetch adds. */
const pathOf = (courseId: string) => crmApplicationPaths.checklist(courseId).replace(/^\/api/, '');
let counter = 0;
const newKey = () => `new-${(counter += 1)}`;

const rowsOf = (checklist: CourseChecklist): Row[] => checklist.items.map((item) => ({ key: item._id, ...item }));

export function ChecklistEditor({ courseId }: { courseId: string }) {
  const { data, error } = useStaffQuery((signal) => staffFetch<CourseChecklist>(pathOf(courseId), { signal }), `checklist:${courseId}`);
  const [rows, setRows] = useState<Row[] | null>(null);
  const { errors, problem, saving, run } = useSaveState();
  const focusNext = useFocusNext();

  useEffect(() => {
    if (data && rows === null) setRows(rowsOf(data));
  }, [data, rows]);

  const list = rows ?? [];
  const change = (key: string, patch: Partial<Row>) => setRows(list.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const move = (index: number, by: -1 | 1, control: 'up' | 'down') => {
    const next = [...list];
    const [row] = next.splice(index, 1);
    if (!row) return;
    next.splice(index + by, 0, row);
    // At the end of the list the other button is the one that still makes sense.
    const target = index + by === 0 ? 'down' : index + by === list.length - 1 ? 'up' : control;
    focusNext.current = `checklist-${row.key}-${target}`;
    setRows(next);
  };
  const remove = (index: number) => {
    const next = list.filter((_, i) => i !== index);
    focusNext.current = next.length ? `checklist-${(next[Math.min(index, next.length - 1)] as Row).key}-title` : 'checklist-add';
    setRows(next);
  };
  const add = () => {
    const key = newKey();
    focusNext.current = `checklist-${key}-title`;
    setRows([...list, { key, title: '', required: true, applies_to: 'all' }]);
  };

  async function save() {
    const body: ChecklistSave = {
      items: list.map(({ _id, title, required, applies_to }) => ({ ...(_id ? { _id } : {}), title, required, applies_to })),
    };
    await run(async () => {
      const saved = await staffFetch<CourseChecklist>(pathOf(courseId), { method: 'PUT', body });
      setRows(rowsOf(saved));
      notify.success('Checklist saved. Applicants see it now.');
    });
  }

  return (
    <section className="crm-card crm-checklist" aria-labelledby="checklist-heading">
      <h2 id="checklist-heading">Document checklist</h2>
      <p className="crm-muted">What applicants to this program upload. Removed items stay on documents already uploaded for them.</p>
      {error ? (
        <p className="crm-alert" role="alert">
          {error}
        </p>
      ) : null}
      {rows === null && !error ? <p role="status">Loading the checklist…</p> : null}
      {rows !== null && list.length === 0 ? <p>No documents are asked for yet.</p> : null}
      <ol className="crm-checklist__list">
        {list.map((row, index) => {
          const id = (part: string) => `checklist-${row.key}-${part}`;
          const titleError = errors[`items.${index}.title`];
          const name = row.title.trim() || `item ${index + 1}`;
          return (
            <li key={row.key} className="crm-checklist__item">
              <div className="crm-field crm-checklist__title">
                <label htmlFor={id('title')}>Title of item {index + 1}</label>
                <input
                  id={id('title')}
                  type="text"
                  maxLength={120}
                  value={row.title}
                  aria-invalid={titleError ? true : undefined}
                  aria-describedby={titleError ? id('error') : undefined}
                  onInput={(event) => change(row.key, { title: event.currentTarget.value })}
                />
                {titleError ? (
                  <p className="crm-field-error" id={id('error')}>
                    {titleError}
                  </p>
                ) : null}
              </div>
              <div className="crm-field">
                <label htmlFor={id('applies')}>Applies to</label>
                <select
                  id={id('applies')}
                  value={row.applies_to}
                  onChange={(event) => change(row.key, { applies_to: event.currentTarget.value as AppliesTo })}
                >
                  {APPLIES_TO.map((choice) => (
                    <option key={choice.id} value={choice.id}>
                      {choice.title}
                    </option>
                  ))}
                </select>
              </div>
              <div className="crm-checklist__required">
                <input
                  id={id('required')}
                  type="checkbox"
                  checked={row.required}
                  onChange={(event) => change(row.key, { required: event.currentTarget.checked })}
                />
                <label htmlFor={id('required')}>Required</label>
              </div>
              <div className="crm-checklist__buttons">
                <button type="button" id={id('up')} className="crm-button" disabled={index === 0} onClick={() => move(index, -1, 'up')}>
                  Move up<span className="crm-visually-hidden"> {name}</span>
                </button>
                <button
                  type="button"
                  id={id('down')}
                  className="crm-button"
                  disabled={index === list.length - 1}
                  onClick={() => move(index, 1, 'down')}
                >
                  Move down<span className="crm-visually-hidden"> {name}</span>
                </button>
                <button type="button" className="crm-button crm-button--danger" onClick={() => remove(index)}>
                  Remove<span className="crm-visually-hidden"> {name}</span>
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      {problem ? (
        <p className="crm-alert" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="crm-form-actions">
        <button type="button" id="checklist-add" className="crm-button" onClick={add} disabled={rows === null}>
          Add an item
        </button>
        <button type="button" className="crm-button crm-button--primary" onClick={() => void save()} disabled={rows === null || saving}>
          Save checklist
        </button>
      </div>
    </section>
  );
}
