/**
 * Events' rows about a person (issue 24), for the privacy export, anonymisation, retention and
 * merges (the registry in server/privacy/ lists each area's tables). A registration holds the
 * name, e-mail and phone the person typed; anonymisation overwrites them and keeps the event, the
 * status and the dates, so the events funnel still adds up. The address is made unique per row:
 * after a merge one person may hold two live registrations for one event (one per address typed),
 * and the live address is unique per event. The cancel link's token is stored only as a hash.
 */
import type { ContactSource, PersonalTable } from '../privacy/personal-tables';

export const EVENT_PERSONAL_TABLES: PersonalTable[] = [
  {
    table: 'event_registrations',
    label: 'Event registrations',
    link: { leadColumn: 'lead_id' },
    scrub: { first_name: 'text', last_name: 'text', email: 'row_email', phone: 'phone' },
  },
];

/** Registering, checking in or cancelling is contact for the retention schedule. */
export const EVENT_CONTACT_SOURCES: ContactSource[] = [
  { table: 'event_registrations', leadColumn: 'lead_id', timeColumns: ['registered_at', 'checked_in_at', 'cancelled_at'] },
];
