/**
 * The Phone * field: intl-tel-input (default country CA, the dial code shown beside the input
 * and not part of what is typed). Its validation utilities are not bundled: they load lazily
 * from beside the widget script, our own origin. The country list is a dropdown inside the
 * shadow root (never the full-screen popup on document.body, which our styles cannot reach).
 */
import { forwardRef, useImperativeHandle, useRef } from 'react';
import IntlTelInput, { intlTelInput, type IntlTelInputRef } from '@intl-tel-input/react';
import { phoneWithoutUtils } from '../../src/lead-payload';

export interface PhoneFieldHandle {
  /** The number in international format; without the utilities yet, dial code + typed digits. */
  read(): string;
  focus(): void;
}

interface PhoneFieldProps {
  id: string;
  utilsUrl: string;
  /** aria-invalid / aria-describedby for the field's error. */
  aria: { 'aria-invalid'?: 'true'; 'aria-describedby'?: string };
  onInput: () => void;
}

export const PhoneField = forwardRef<PhoneFieldHandle, PhoneFieldProps>(function PhoneField({ id, utilsUrl, aria, onInput }, ref) {
  const iti = useRef<IntlTelInputRef>(null);
  useImperativeHandle(ref, () => ({
    read() {
      const instance = iti.current?.getInstance();
      const input = iti.current?.getInput();
      if (!instance || !input) return '';
      if (intlTelInput.utils && input.value.trim()) {
        try {
          return instance.getNumber();
        } catch {
          // fall through to the raw value
        }
      }
      return phoneWithoutUtils(input.value, instance.getSelectedCountry()?.dialCode);
    },
    focus() {
      iti.current?.getInput()?.focus();
    },
  }));
  return (
    <IntlTelInput
      ref={iti}
      initialCountry="ca"
      separateDialCode
      countrySelectorMode="DROPDOWN"
      // The button shows the dial code, so its accessible name starts with it (WCAG 2.5.3).
      uiTranslations={{ selectedCountryAriaLabel: '${dialCode} ${countryName}: change the country of the phone number' }}
      loadUtils={() => import(/* webpackIgnore: true */ utilsUrl)}
      inputProps={{ id, name: 'phone', className: 'ci-input', autoComplete: 'tel', 'aria-required': 'true', ...aria }}
      onChangeNumber={onInput}
    />
  );
});
