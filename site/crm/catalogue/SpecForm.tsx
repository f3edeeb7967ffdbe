/**
 * A small editor form described by a list of fields, for the catalogue's simpler items (intakes,
 * categories, announcements, banner offers, professors). It shows the server's field errors beside
 * each field and in a focused summary, and on a 409 offers to load the version someone else saved.
 */
import { useState, type FormEvent } from 'react';
import { AreaField, CheckField, SelectField, TextField, type Choice } from './fields';
import { ErrorSummary } from './ErrorSummary';
import { errorFor } from './save';
import { useSave } from './useSave';

export type Draft = Record<string, string | boolean | string[]>;

export interface FieldSpec {
  key: string;
  label: string;
  kind: 'text' | 'number' | 'date' | 'datetime' | 'area' | 'select' | 'check' | 'multi';
  choices?: readonly Choice[];
  hint?: string;
  required?: boolean;
  wide?: boolean;
}

export interface SpecFormProps<T> {
  idPrefix: string;
  label: string;
  fields: readonly FieldSpec[];
  initial: Draft;
  submitLabel: string;
  success: string;
  save(draft: Draft): Promise<T>;
  onSaved(value: T): void;
  /** Reloads the list after a 409, so the saved version is shown. */
  onConflict(): void;
}

const str = (value: Draft[string] | undefined) => (typeof value === 'string' ? value : '');

function MultiField({
  id,
  spec,
  value,
  onValue,
  error,
}: {
  id: string;
  spec: FieldSpec;
  value: string[];
  onValue(v: string[]): void;
  error: string | undefined;
}) {
  return (
    <fieldset className="crm-multi crm-form-grid__full" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{spec.label}</legend>
      <div className="crm-multi__options">
        {(spec.choices ?? []).map((choice) => (
          <label key={choice.value} className="crm-check">
            <input
              type="checkbox"
              checked={value.includes(choice.value)}
              onChange={(e) => onValue(e.currentTarget.checked ? [...value, choice.value] : value.filter((v) => v !== choice.value))}
            />
            {choice.label}
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="crm-field-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export function SpecForm<T>({ idPrefix, label, fields, initial, submitLabel, success, save, onSaved, onConflict }: SpecFormProps<T>) {
  const [draft, setDraft] = useState<Draft>(initial);
  const { problem, saving, runSave } = useSave();
  const [conflict, setConflict] = useState(false);
  const id = (key: string) => `${idPrefix}-${key.replace(/\./g, '-')}`;
  const set = (key: string, value: Draft[string]) => setDraft((d) => ({ ...d, [key]: value }));
  const errors = problem?.errors ?? {};

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const outcome = await runSave(() => save(draft), success);
    if (outcome.ok) onSaved(outcome.value);
    else setConflict(outcome.conflict);
  }

  const known = (key: string) => fields.find((f) => key === f.key || key.startsWith(`${f.key}.`));
  return (
    <form className="crm-form" onSubmit={submit} noValidate aria-label={label}>
      <ErrorSummary
        problem={problem}
        fieldId={(key) => {
          const f = known(key);
          return f ? id(f.key) : null;
        }}
        labelOf={(key) => known(key)?.label ?? key}
      >
        {conflict ? (
          <p>
            <button type="button" className="crm-button" onClick={onConflict}>
              Load the current version
            </button>
          </p>
        ) : null}
      </ErrorSummary>
      <div className="crm-form-grid">
        {fields.map((f) => {
          const common = {
            id: id(f.key),
            label: f.label,
            error: errorFor(errors, f.key),
            ...(f.hint ? { hint: f.hint } : {}),
            className: f.wide ? 'crm-form-grid__full' : '',
          };
          switch (f.kind) {
            case 'area':
              return <AreaField key={f.key} {...common} value={str(draft[f.key])} onValue={(v) => set(f.key, v)} required={f.required} />;
            case 'select':
              return (
                <SelectField key={f.key} {...common} value={str(draft[f.key])} onValue={(v) => set(f.key, v)} choices={f.choices ?? []} />
              );
            case 'check':
              return (
                <CheckField
                  key={f.key}
                  id={common.id}
                  label={f.label}
                  error={common.error}
                  checked={draft[f.key] === true}
                  onChecked={(v) => set(f.key, v)}
                />
              );
            case 'multi': {
              const value = draft[f.key];
              return (
                <MultiField
                  key={f.key}
                  id={common.id}
                  spec={f}
                  value={Array.isArray(value) ? value : []}
                  onValue={(v) => set(f.key, v)}
                  error={common.error}
                />
              );
            }
            default: {
              const type = f.kind === 'datetime' ? 'datetime-local' : f.kind;
              return (
                <TextField
                  key={f.key}
                  {...common}
                  type={type}
                  value={str(draft[f.key])}
                  onValue={(v) => set(f.key, v)}
                  required={f.required}
                />
              );
            }
          }
        })}
      </div>
      <div className="crm-form-actions">
        <button type="submit" className="crm-button crm-button--primary" disabled={saving}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}

/** Draft readers for building an item's input on save. */
export const text = (draft: Draft, key: string) => str(draft[key]).trim();
export const list = (draft: Draft, key: string) => {
  const value = draft[key];
  return Array.isArray(value)
    ? value
    : str(value)
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean);
};
export const flag = (draft: Draft, key: string) => draft[key] === true;
/** A number as typed; an unreadable one becomes NaN (sent as null) so the server names the field. */
export const numberIn = (draft: Draft, key: string) => Number(text(draft, key));
