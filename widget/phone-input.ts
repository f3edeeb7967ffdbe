/**
 * The phone package, loaded after the form is usable (see ui/PhoneField.tsx): intl-tel-input
 * enhances the Phone input in place (default country CA, the dial code shown beside the input,
 * the country list as a dropdown inside our shadow root, never the full-screen popup on
 * document.body), and its validation utilities load from beside the widget script.
 */
import intlTelInput from 'intl-tel-input';
/** Its stylesheet comes with it (issue 31: not in the form's first download); PhoneField adds it before the enhancement. */
export { default as phoneInputCss } from 'intl-tel-input/styles-no-assets';

export type PhoneInput = ReturnType<typeof intlTelInput>;

/** The Phone field's placeholder while Canada is chosen (issue 31), in the format intl-tel-input writes Canada's own example. */
export const TORONTO_EXAMPLE = '416-555-0123';

export async function enhancePhoneInput(input: HTMLInputElement, utilsUrl: string): Promise<PhoneInput> {
  // intl-tel-input moves the input into its wrapper, which blurs it: a visitor already typing
  // there keeps focus and caret.
  const root = input.getRootNode() as Document | ShadowRoot;
  const typing = root.activeElement === input;
  const caret = input.selectionStart;
  const iti = intlTelInput(input, {
    initialCountry: 'ca',
    separateDialCode: true,
    countrySelectorMode: 'DROPDOWN',
    // The button shows the dial code, so its accessible name starts with it (WCAG 2.5.3).
    uiTranslations: { selectedCountryAriaLabel: '${dialCode} ${countryName}: change the country of the phone number' },
    // Canada's example number is a New Brunswick one; a Toronto college shows a Toronto number
    // (555-01xx is reserved for fiction). Other countries keep their own example.
    customPlaceholder: (example, country) => (country?.iso2 === 'ca' ? TORONTO_EXAMPLE : example),
  });
  if (typing && root.activeElement !== input) {
    input.focus();
    if (caret !== null) input.setSelectionRange(caret, caret);
  }
  await intlTelInput
    .attachUtils(() => import(/* webpackIgnore: true */ utilsUrl))
    .catch((error: unknown) => {
      console.warn('[CollegeInquiry] phone validation utilities did not load:', error instanceof Error ? error.message : error);
    });
  return iti;
}

/** The number in international format, when the utilities are there to format it. */
export function internationalNumber(iti: PhoneInput): string | null {
  if (!intlTelInput.utils) return null;
  try {
    return iti.getNumber();
  } catch {
    return null;
  }
}
