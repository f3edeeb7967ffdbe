/**
 * Labelled form fields for the catalogue editors. A field's error from the server sits beside it,
 * named by aria-describedby and flagged with aria-invalid, so a screen reader reads it with the field.
 */
import type { ReactNode } from 'react';

export interface FieldProps {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string;
  className?: string;
}

interface FieldAria {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/** The control's id, flagged invalid and described by its hint and error when it has them. */
function fieldAria({ id, error, hint }: Pick<FieldProps, 'id' | 'error' | 'hint'>): FieldAria {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return { id, ...(error ? { 'aria-invalid': true } : {}), ...(describedBy ? { 'aria-describedby': describedBy } : {}) };
}

/** The hint and the error under a control, with the ids fieldAria names. */
function FieldNotes({ id, error, hint }: Pick<FieldProps, 'id' | 'error' | 'hint'>) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="crm-hint crm-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="crm-field-error">
          {error}
        </p>
      ) : null}
    </>
  );
}

function Field({ id, label, error, hint, className, children }: FieldProps & { children(aria: FieldAria): ReactNode }) {
  return (
    <div className={`crm-field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children(fieldAria({ id, error, hint }))}
      <FieldNotes id={id} error={error} hint={hint} />
    </div>
  );
}

type InputType = 'text' | 'email' | 'tel' | 'number' | 'date' | 'time' | 'datetime-local';

export function TextField(
  props: FieldProps & {
    value: string;
    onValue(value: string): void;
    type?: InputType;
    required?: boolean;
    maxLength?: number;
    min?: number;
    max?: number;
    step?: string;
  },
) {
  const { value, onValue, type = 'text', required, maxLength, min, max, step, ...field } = props;
  return (
    <Field {...field}>
      {(aria) => (
        <input
          {...aria}
          type={type}
          value={value}
          required={required}
          maxLength={maxLength}
          min={min}
          max={max}
          step={step}
          inputMode={type === 'number' ? 'decimal' : undefined}
          onInput={(e) => onValue(e.currentTarget.value)}
        />
      )}
    </Field>
  );
}

export function AreaField(props: FieldProps & { value: string; onValue(value: string): void; rows?: number; required?: boolean }) {
  const { value, onValue, rows = 3, required, ...field } = props;
  return (
    <Field {...field}>
      {(aria) => <textarea {...aria} rows={rows} required={required} value={value} onInput={(e) => onValue(e.currentTarget.value)} />}
    </Field>
  );
}

export interface Choice {
  value: string;
  label: string;
}

export function SelectField(props: FieldProps & { value: string; onValue(value: string): void; choices: readonly Choice[] }) {
  const { value, onValue, choices, ...field } = props;
  return (
    <Field {...field}>
      {(aria) => (
        <select {...aria} value={value} onChange={(e) => onValue(e.currentTarget.value)}>
          {choices.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export function CheckField({
  id,
  label,
  checked,
  onChecked,
  error,
  hint,
}: Omit<FieldProps, 'className'> & { checked: boolean; onChecked(checked: boolean): void }) {
  return (
    <div className="crm-field">
      <label className="crm-check" htmlFor={id}>
        <input {...fieldAria({ id, error, hint })} type="checkbox" checked={checked} onChange={(e) => onChecked(e.currentTarget.checked)} />
        {label}
      </label>
      <FieldNotes id={id} error={error} hint={hint} />
    </div>
  );
}

/** Lookup lists as select choices. */
export const choicesOf = (list: readonly { id: number; title: string }[]): Choice[] =>
  list.map((entry) => ({ value: String(entry.id), label: entry.title }));
