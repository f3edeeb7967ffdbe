/** One registrant on the check-in screen: who, how to recognise them, and one large button (Check in, or Undo). */
import type { CrmRegistration } from '../../../src/events-contract';
import { timeText } from './event-labels';
import { displayPhone } from '../shared/phone-display';

export const registrantName = (r: Pick<CrmRegistration, 'first_name' | 'last_name'>) => `${r.first_name} ${r.last_name}`.trim();

function statusText(r: CrmRegistration): string {
  if (r.checked_in_at) return `Checked in at ${timeText(r.checked_in_at)}`;
  if (r.status === 'waitlisted') return `Waitlisted${r.position ? `, #${r.position}` : ''}`;
  if (r.status === 'cancelled') return 'Cancelled their registration';
  return 'Registered';
}

export function RegistrantItem({
  registration: r,
  busy,
  onCheckIn,
  onUndo,
}: {
  registration: CrmRegistration;
  busy: boolean;
  onCheckIn(): void;
  onUndo(): void;
}) {
  const name = registrantName(r);
  return (
    <li className={`crm-registrant${r.checked_in_at ? ' crm-registrant--in' : ''}`}>
      <div className="crm-registrant__who">
        <strong className="crm-registrant__name">{name}</strong>
        <span className="crm-registrant__contact">{r.email}</span>
        <span className="crm-registrant__contact">{displayPhone(r.phone).text}</span>
        <span className="crm-registrant__status">
          {statusText(r)}
          {r.walk_in ? ' · Walk-in' : ''}
        </span>
      </div>
      {r.status === 'cancelled' ? null : r.checked_in_at ? (
        <button
          type="button"
          className="crm-button crm-checkin-button"
          disabled={busy}
          aria-label={`Undo check-in of ${name}`}
          onClick={onUndo}
        >
          Undo
        </button>
      ) : (
        <button
          type="button"
          className="crm-button crm-button--primary crm-checkin-button"
          disabled={busy}
          aria-label={`Check in ${name}`}
          onClick={onCheckIn}
        >
          Check in
        </button>
      )}
    </li>
  );
}
