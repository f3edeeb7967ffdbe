/**
 * The page of a course that is no longer offered (the server answers it with 410 Gone): says so,
 * and points to where the visitor can look instead: the course's category or listing, the
 * calendar and the contact page. Not indexed.
 */
import { Link } from 'wouter';
import type { ApiError } from '../../src/api-client';
import { usePageMeta } from '../lib/usePageMeta';
import { declarePageStatus } from '../lib/pageData';

export const GONE_TEXT = 'This course is no longer offered.';

interface GoneBody {
  course_name?: unknown;
  listing?: { name?: unknown; path?: unknown };
}

/** The listing the server named, if it is a site path; else all programs. */
function listingOf(body: unknown): { name: string; path: string } {
  const listing = (body as GoneBody | null)?.listing;
  if (
    listing &&
    typeof listing.name === 'string' &&
    typeof listing.path === 'string' &&
    listing.path.startsWith('/') &&
    !listing.path.startsWith('//')
  ) {
    return { name: listing.name, path: listing.path };
  }
  return { name: 'all programs and courses', path: '/programs' };
}

export function GonePage({ error }: { error: ApiError }) {
  const courseName = (error.body as GoneBody | null)?.course_name;
  const listing = listingOf(error.body);
  const title = typeof courseName === 'string' ? `${courseName}: no longer offered` : 'Course no longer offered';
  declarePageStatus(410);
  usePageMeta(title, GONE_TEXT, { noindex: true });
  return (
    <section className="container page not-found">
      <h1>{title}</h1>
      <p className="lead">{GONE_TEXT} Similar programs and courses may suit you: an adviser can help you choose.</p>
      <p>
        <Link href={listing.path} className="btn btn-primary">
          See {listing.name}
        </Link>{' '}
        <Link href="/calendar" className="btn btn-outline">
          Upcoming intakes
        </Link>{' '}
        <Link href="/contact" className="btn btn-outline">
          Contact an adviser
        </Link>
      </p>
    </section>
  );
}
