/**
 * One labelled field of the widget's forms (the inquiry and an event's registration): the label,
 * the control, and the field's error under it (field-errors.tsx wires aria-invalid and
 * aria-describedby). TextField is the common text input: its placeholder repeats the label;
 * PhoneInputField the Phone * field (ui/PhoneField.tsx) with its label and error.
 */
import { forwardRef, type ReactNode } from 'react';
import type { FieldErrors } from '../../src/field-errors';
import { FieldError, invalidProps } from './field-errors';
import { PhoneField, type PhoneFieldHandle } from './PhoneField';

interface FieldProps {
  /** The control's id, which the label points at. */
  id: string;
  label: string;
  errors: FieldErrors;
  /** The field's name in the server's error map. */
  field: string;
  children: ReactNode;
}

export function Field({ id, label, errors, field, children }: FieldProps) {
  return (
    <div className="ci-field">
      <label className="ci-label" htmlFor={id}>
        {label}
      </label>
      {children}
      <FieldError errors={errors} field={field} />
    </div>
  );
}

interface TextFieldProps {
  field: 'first_name' | 'last_name' | 'email';
  label: string;
  type: string;
  autoComplete: string;
  value: string;
  errors: FieldErrors;
  onValue(value: string): void;
}

export function TextField({ field, label, type, autoComplete, value, errors, onValue }: TextFieldProps) {
  return (
    <Field id={`ci-${field}`} label={label} errors={errors} field={field}>
      <input
        id={`ci-${field}`}
        name={field}
        className="ci-input"
        type={type}
        placeholder={label}
        autoComplete={autoComplete}
        aria-required="true"
        value={value}
        onInput={(e) => onValue(e.currentTarget.value)}
        {...invalidProps(errors, field)}
      />
    </Field>
  );
}

interface PhoneInputFieldProps {
  utilsUrl: string;
  errors: FieldErrors;
  onInput(): void;
  /** When idle time may fetch the phone package (see PhoneField). */
  idle: boolean;
}

export const PhoneInputField = forwardRef<PhoneFieldHandle, PhoneInputFieldProps>(function PhoneInputField(
  { utilsUrl, errors, onInput, idle },
  ref,
) {
  return (
    <Field id="ci-phone" label="Phone *" errors={errors} field="phone">
      <PhoneField ref={ref} id="ci-phone" utilsUrl={utilsUrl} aria={invalidProps(errors, 'phone')} onInput={onInput} idle={idle} />
    </Field>
  );
});
