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

/**
 * A North American number stored in E.164, as nearly every lead's is: written without parsing,
 * the same text as the parse below gives (a parse costs tens of microseconds, which a CSV of a
 * million leads would pay a million times).
 */
const NANP_E164 = /^\+1(\d{3})(\d{3})(\d{4})$/;

export function formatPhone(stored: string): PhoneDisplay {
  const trimmed = stored.trim();
  const nanp = NANP_E164.exec(trimmed);
  if (nanp) return { text: `${nanp[1]}-${nanp[2]}-${nanp[3]}`, href: `tel:${trimmed}` };
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
