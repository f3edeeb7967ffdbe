/**
 * The breadcrumb of requirements R-breadcrumb: Home, then one crumb per path segment, hyphens turned into spaces and
 * words capitalised (`cojg` in upper case); every crumb but the last links to its prefix.
 *
 * Blank paths: the seed says "blank for paths starting with course, full-time, search or
 * course-search". We read that per path SEGMENT (the first segment equals one of them), not as a
 * string prefix: listing `course-search` beside `course` only makes sense per segment, and it keeps
 * the breadcrumb on the listing pages `/full-time-courses` and `/full-time-courses-non-vocational`.
 * On the home path there is no breadcrumb (the home banner takes its place).
 */
export interface Crumb {
  label: string;
  /** The crumb's link; null for the last crumb (the current page). */
  href: string | null;
}

export const BLANK_FIRST_SEGMENTS: readonly string[] = ['course', 'full-time', 'search', 'course-search'];

/** Segments shown in upper case rather than capitalised: the seed's `cojg`, and `kpi`, the other
 *  acronym among our own page addresses (catalogue segments take the catalogue's names instead). */
const UPPER_CASE_SEGMENTS: readonly string[] = ['cojg', 'kpi'];

export function crumbLabel(segment: string): string {
  const decoded = safeDecode(segment);
  if (UPPER_CASE_SEGMENTS.includes(decoded.toLowerCase())) return decoded.toUpperCase();
  return decoded
    .split('-')
    .filter((word) => word.length > 0)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/**
 * The catalogue's own name for the page at a path prefix (e.g. `/part-time-courses/cisco/ccna` ->
 * `CCNA`), when that segment names a category, sub-category or course; the seed's capitalising
 * rule would turn it into `Ccna`.
 */
export type CatalogueNames = (prefix: string) => string | undefined;

/** The crumbs for a path (query string and hash ignored), or null when the breadcrumb is blank. */
export function buildBreadcrumb(path: string, names: CatalogueNames = () => undefined): Crumb[] | null {
  const pathname = path.split(/[?#]/)[0] ?? '';
  const segments = pathname.split('/').filter((s) => s.length > 0);
  const first = segments[0];
  if (first === undefined) return null;
  if (BLANK_FIRST_SEGMENTS.includes(first)) return null;
  const crumbs: Crumb[] = [{ label: 'Home', href: '/' }];
  segments.forEach((segment, i) => {
    const last = i === segments.length - 1;
    const prefix = '/' + segments.slice(0, i + 1).join('/');
    crumbs.push({ label: names(prefix) ?? crumbLabel(segment), href: last ? null : prefix });
  });
  return crumbs;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
