/** The college's identity: one place for the name, contacts, address and social links. */
export const COLLEGE = {
  name: 'Northbridge College of Technology',
  shortName: 'Northbridge College',
  tagline: 'IT career training in Toronto since 2004',
  registration: 'Registered as a private career college under the Ontario Career Colleges Act, 2005.',
  phone: '+1 416-555-0142',
  phoneHref: 'tel:+14165550142',
  emails: {
    admissions: 'admissions@northbridge-college.ca',
    info: 'info@northbridge-college.ca',
  },
  address: {
    street: '2 Bloor Street West, Suite 700',
    city: 'Toronto',
    province: 'ON',
    postalCode: 'M4W 3E2',
    country: 'Canada',
  },
  mapUrl: 'https://www.openstreetmap.org/search?query=2%20Bloor%20Street%20West%2C%20Toronto',
  hours: [
    { days: 'Monday to Friday', time: '9:00 a.m. - 8:00 p.m.' },
    { days: 'Saturday', time: '10:00 a.m. - 4:00 p.m.' },
    { days: 'Sunday', time: 'Closed' },
  ],
  social: [
    { name: 'Facebook', url: 'https://www.facebook.com/northbridgecollege' },
    { name: 'LinkedIn', url: 'https://www.linkedin.com/school/northbridgecollege' },
    { name: 'YouTube', url: 'https://www.youtube.com/@northbridgecollege' },
    { name: 'Instagram', url: 'https://www.instagram.com/northbridgecollege' },
  ],
  copyrightYear: 2023,
} as const;

export function formatAddress(): string {
  const a = COLLEGE.address;
  return `${a.street}, ${a.city}, ${a.province} ${a.postalCode}`;
}

/** `{Page} - {College name}`, the title of every page. */
export function pageTitle(page: string): string {
  return `${page} - ${COLLEGE.name}`;
}
