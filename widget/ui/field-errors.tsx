/**
 * Field errors beside their fields: the message under the field, and on the control
 * `aria-invalid` plus `aria-describedby` pointing at the message, so a screen reader reads it
 * with the field. The order is the form's, for moving focus to the first invalid field.
 */
import type { FieldErrors } from '../../src/field-errors';

/** The fields the form shows, in its order, and the id of the control that takes focus for each. */
export const FIELD_CONTROLS: readonly [field: string, controlId: string][] = [
  ['first_name', 'ci-first_name'],
  ['last_name', 'ci-last_name'],
  ['phone', 'ci-phone'],
  ['email', 'ci-email'],
  ['location', 'ci-location-1'],
  ['course_type', 'ci-course-type'],
  ['course_id', 'ci-course'],
  ['financial_aid', 'ci-financial_aid-no'],
];

export const errorId = (field: string) => `ci-${field}-error`;

/** The control's ARIA attributes for its field's error (nothing when the field is fine). */
export function invalidProps(errors: FieldErrors, field: string, describedBy?: string) {
  const ids = [errors[field] ? errorId(field) : '', describedBy ?? ''].filter(Boolean).join(' ');
  return { 'aria-invalid': errors[field] ? ('true' as const) : undefined, 'aria-describedby': ids || undefined };
}

export function FieldError({ errors, field }: { errors: FieldErrors; field: string }) {
  const message = errors[field];
  return message ? (
    <p className="ci-error" id={errorId(field)}>
      {message}
    </p>
  ) : null;
}

/** The control of the first invalid field, in form order (null when none is shown). */
export function firstInvalidControl(root: ParentNode, errors: FieldErrors): HTMLElement | null {
  for (const [field, controlId] of FIELD_CONTROLS) {
    if (!errors[field]) continue;
    const control = root.querySelector<HTMLElement>(`#${controlId}`);
    if (control) return control;
  }
  return null;
}
