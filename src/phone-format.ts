/**
 * How a stored phone number (E.164, as the lead form sends it) is shown to people: North American
 * numbers in the national form staff dial in Toronto (416-555-0123), others in international form
 * (+44 20 7946 0958); the `tel:` link always keeps E.164. Anything unparseable is shown as stored.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

export interface PhoneDisplay {
  /** What a person reads. */
  text: string;
  /** The link target: `tel:` and E.164 (or the stored text when it cannot be parsed). */
  href: string;
}

export function formatPhone(stored: string): PhoneDisplay {
  const trimmed = stored.trim();
  const parsed = trimmed ? parsePhoneNumberFromString(trimmed, 'CA') : undefined;
  if (!parsed || !parsed.isPossible()) return { text: trimmed, href: `tel:${trimmed.replace(/[^\d+]/g, '')}` };
  const href = `tel:${parsed.number}`;
  const national = parsed.nationalNumber;
  // NANP (+1): the area code, exchange and line with hyphens, as printed on Canadian forms.
  if (parsed.countryCallingCode === '1' && national.length === 10) {
    return { text: `${national.slice(0, 3)}-${national.slice(3, 6)}-${national.slice(6)}`, href };
  }
  return { text: parsed.formatInternational(), href };
}
