/** A stored phone number as people read it (national or international form), linked in E.164. */
import { displayPhone } from './phone-display';

export function PhoneLink({ phone }: { phone: string }) {
  // An anonymised lead has no number left: nothing to call.
  if (!phone) return <>—</>;
  const { text, href } = displayPhone(phone);
  // A national number is one short token that must not break at its hyphens; international ones may wrap at spaces.
  return (
    <a href={href} className={text.includes(' ') ? 'crm-phone' : 'crm-phone crm-phone--token'}>
      {text}
    </a>
  );
}
