/** The permanent redirects of requirements R-redirects. Matched with or without a trailing slash. */
export const REDIRECTS: Readonly<Record<string, string>> = {
  '/second-career': '/better-jobs-ontario',
  '/part-time-courses/cisco/ccnp/ccnp-routing-and-switching': '/part-time-courses/cisco/ccnp/ccnp-enterprise',
  '/full-time/network-specialist-diploma-52-weeks': '/full-time/network-specialist-diploma',
  '/mandatory-covid-19-vaccination-policy': '/covid-19-vaccination-policy',
  '/crm/calendar.php': '/calendar',
};

/** Where a path redirects to, or null. The query string is not part of `path`. */
export function redirectFor(path: string): string | null {
  const key = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return REDIRECTS[key] ?? null;
}
