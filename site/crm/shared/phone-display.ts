/**
 * The CRM's way to src/phone-format.ts: the formatter carries libphonenumber's metadata (~30 KB
 * gzip), so it is its own chunk, fetched as soon as the CRM loads (off the login screen's critical
 * path). The lead calls wait for it alongside their request (shared/api.ts), so a phone number is
 * never drawn first as stored and then reformatted; if the chunk cannot load, numbers show as stored.
 */
import type { formatPhone as FormatPhone, PhoneDisplay } from '../../../src/phone-format';

let format: typeof FormatPhone | null = null;

export const phoneFormatReady: Promise<void> = import('../../../src/phone-format')
  .then((module) => {
    format = module.formatPhone;
  })
  .catch(() => undefined);

export function displayPhone(phone: string): PhoneDisplay {
  return format ? format(phone) : { text: phone, href: `tel:${phone}` };
}
