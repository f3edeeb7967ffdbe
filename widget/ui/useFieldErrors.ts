/**
 * The field errors of one of the widget's forms: set from the server's answer or the phone rule,
 * withdrawn field by field as the visitor changes them, and focus moved to the first invalid
 * field once its message is shown. Shared by the inquiry and the event registration forms, so
 * both apply the seed's phone rule (requirements R-phone) the same way.
 */
import { useState, type RefObject } from 'react';
import type { FieldErrors } from '../../src/field-errors';
import { INVALID_PHONE_MESSAGE, isAcceptablePhone } from '../../src/lead-payload';
import type { ToastStore } from '../toasts';
import { firstInvalidControl } from './field-errors';
import type { PhoneFieldHandle } from './PhoneField';

export interface FieldErrorsState {
  errors: FieldErrors;
  /** Changing a field withdraws its error: the message described what was there before. */
  fixed(...keys: string[]): void;
  show(next: FieldErrors): void;
  /** The phone number as it will be sent, or null (the toast and the field's message shown) when it is too short. */
  acceptedPhone(phone: PhoneFieldHandle | null): Promise<string | null>;
}

export function useFieldErrors(form: RefObject<HTMLFormElement | null>, toasts: ToastStore): FieldErrorsState {
  const [errors, setErrors] = useState<FieldErrors>({});
  const show = (next: FieldErrors) => {
    setErrors(next);
    // After the render that shows the messages, so the field is announced with its message.
    setTimeout(() => form.current && firstInvalidControl(form.current, next)?.focus());
  };
  return {
    errors,
    fixed: (...keys) =>
      setErrors((e) => (keys.some((k) => k in e) ? Object.fromEntries(Object.entries(e).filter(([k]) => !keys.includes(k))) : e)),
    show,
    async acceptedPhone(phone) {
      const number = (await phone?.read()) ?? '';
      if (isAcceptablePhone(number)) return number;
      toasts.show('error', INVALID_PHONE_MESSAGE);
      show({ ...errors, phone: INVALID_PHONE_MESSAGE });
      return null;
    },
  };
}
