/**
 * schema.org pieces of the site's JSON-LD: the college (CollegeOrUniversity), a course with its
 * intakes as course instances and its tuition as an offer (CAD), and the breadcrumb trail. Addresses are absolute: `origin` is the
 * site's public address (SITE_URL on the server, the canonical link's origin in the browser).
 */
import { COLLEGE } from '../../src/college';
import type { CourseDetail } from '../../src/contract';
import type { JsonLd } from './head';

const collegeId = (origin: string) => `${origin}/#college`;

export function collegeLd(origin: string): JsonLd {
  const a = COLLEGE.address;
  return {
    '@type': 'CollegeOrUniversity',
    '@id': collegeId(origin),
    name: COLLEGE.name,
    url: `${origin}/`,
    telephone: COLLEGE.phoneHref.replace('tel:', ''),
    email: COLLEGE.emails.info,
    address: {
      '@type': 'PostalAddress',
      streetAddress: a.street,
      addressLocality: a.city,
      addressRegion: a.province,
      postalCode: a.postalCode,
      addressCountry: 'CA',
    },
    contactPoint: [
      {
        '@type': 'ContactPoint',
        contactType: 'admissions',
        telephone: COLLEGE.phoneHref.replace('tel:', ''),
        email: COLLEGE.emails.admissions,
      },
      { '@type': 'ContactPoint', contactType: 'customer service', email: COLLEGE.emails.info },
    ],
    sameAs: COLLEGE.social.map((s) => s.url),
  };
}

const COURSE_MODE: Record<number, string> = { 1: 'Onsite', 2: 'Online' };

export function courseLd(course: CourseDetail, origin: string): JsonLd {
  const location = {
    '@type': 'Place',
    name: COLLEGE.name,
    address: `${COLLEGE.address.street}, ${COLLEGE.address.city}, ${COLLEGE.address.province} ${COLLEGE.address.postalCode}`,
  };
  return {
    '@type': 'Course',
    '@id': `${origin}${course.path}#course`,
    name: course.course_name,
    description: course.summary || course.description.slice(0, 300),
    url: `${origin}${course.path}`,
    provider: { '@type': 'CollegeOrUniversity', '@id': collegeId(origin), name: COLLEGE.name, sameAs: `${origin}/` },
    ...(course.certification ? { educationalCredentialAwarded: course.certification } : {}),
    ...(course.fees ? { offers: [{ '@type': 'Offer', category: 'Paid', price: course.fees.domestic_tuition, priceCurrency: 'CAD' }] } : {}),
    hasCourseInstance: course.intakes.map((intake) => ({
      '@type': 'CourseInstance',
      courseMode: COURSE_MODE[intake.delivery_mode] ?? 'Blended',
      startDate: intake.start_date,
      endDate: intake.end_date,
      courseSchedule: { '@type': 'Schedule', description: intake.schedule },
      location: intake.delivery_mode === 2 ? { '@type': 'VirtualLocation', url: `${origin}${course.path}` } : location,
    })),
  };
}

export function breadcrumbLd(crumbs: { label: string; href: string | null }[], origin: string, currentPath: string): JsonLd {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: crumb.label,
      item: `${origin}${crumb.href ?? currentPath}`,
    })),
  };
}
