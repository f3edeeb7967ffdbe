/**
 * The schema.org `Event` of an event page (issue 24): times with Toronto's offset, status and
 * attendance mode, the campus as a Place with its PostalAddress or, online, a VirtualLocation whose
 * url is this page (the meeting link itself goes to registrants only), the college as organizer,
 * and a free offer whose availability follows the seats.
 */
import { COLLEGE } from '../../../../src/college';
import { eventPaths, type PublicEvent } from '../../../../src/events-contract';
import type { JsonLd } from '../../../lib/head';
import { eventSummary, torontoIso } from './eventText';

const SCHEMA = 'https://schema.org/';

const OFFER_AVAILABILITY: Partial<Record<PublicEvent['availability'], string>> = {
  open: `${SCHEMA}InStock`,
  full: `${SCHEMA}SoldOut`,
};

function postalAddress(): JsonLd {
  const a = COLLEGE.address;
  return {
    '@type': 'PostalAddress',
    streetAddress: a.street,
    addressLocality: a.city,
    addressRegion: a.province,
    postalCode: a.postalCode,
    addressCountry: 'CA',
  };
}

export function eventLd(event: PublicEvent, origin: string): JsonLd {
  const url = `${origin}${eventPaths.page(event.slug)}`;
  const campus = event.place.kind === 'campus' ? event.place : null;
  const availability = OFFER_AVAILABILITY[event.availability];
  return {
    '@type': 'Event',
    '@id': `${url}#event`,
    name: event.title,
    description: eventSummary(event),
    url,
    startDate: torontoIso(event.starts_at),
    endDate: torontoIso(event.ends_at),
    eventStatus: `${SCHEMA}${event.availability === 'cancelled' ? 'EventCancelled' : 'EventScheduled'}`,
    eventAttendanceMode: `${SCHEMA}${campus ? 'OfflineEventAttendanceMode' : 'OnlineEventAttendanceMode'}`,
    location: campus
      ? { '@type': 'Place', name: `${COLLEGE.name}, ${campus.room}`, address: postalAddress() }
      : { '@type': 'VirtualLocation', url },
    organizer: { '@type': 'CollegeOrUniversity', '@id': `${origin}/#college`, name: COLLEGE.name, url: `${origin}/` },
    ...(availability ? { offers: { '@type': 'Offer', price: 0, priceCurrency: 'CAD', availability, url } } : {}),
  };
}
