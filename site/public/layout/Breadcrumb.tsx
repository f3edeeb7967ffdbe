/**
 * The breadcrumb below the navbar; the rules live in src/breadcrumb.ts. Catalogue segments
 * (categories, sub-categories, courses) show the catalogue's own names, read from the menus' data.
 * The trail is also declared as a schema.org BreadcrumbList.
 */
import { useMemo } from 'react';
import { Link } from 'wouter';
import { buildBreadcrumb, type CatalogueNames } from '../../../src/breadcrumb';
import { currentOrigin } from '../../lib/head';
import { breadcrumbLd } from '../../lib/structuredData';
import { useStructuredData } from '../../lib/usePageMeta';
import { useMenus, type Menus } from './menuStore';

function catalogueNames({ fullTime, partTime }: Menus): CatalogueNames {
  const names = new Map<string, string>();
  for (const c of fullTime.course_categories ?? []) names.set(`/full-time-courses/${c.slug}`, c.name);
  for (const c of fullTime.non_vocational_courses ?? []) names.set(`/full-time-courses-non-vocational/${c.slug}`, c.course_name);
  for (const group of partTime.course_categories ?? []) {
    const base = `/part-time-courses/${group.category.slug}`;
    names.set(base, group.category.name);
    for (const sub of group.sub_categories) names.set(`${base}/${sub.slug}`, sub.name);
  }
  return (prefix) => {
    const known = names.get(prefix);
    if (known) return known;
    // A part-time course page: /part-time-courses/{cat}/{sub}/{course}.
    const course = /^\/part-time-courses\/[^/]+\/[^/]+\/([^/]+)$/.exec(prefix)?.[1];
    if (!course) return undefined;
    return partTime.courses?.find((c) => c.slug === course)?.course_name;
  };
}

export function Breadcrumb({ path }: { path: string }) {
  const menus = useMenus();
  const crumbs = useMemo(() => buildBreadcrumb(path, catalogueNames(menus)), [path, menus]);
  useStructuredData('breadcrumb', crumbs ? breadcrumbLd(crumbs, currentOrigin(), path) : null);
  if (!crumbs) return null;
  return (
    <nav className="breadcrumb" aria-label="Breadcrumb">
      <ol className="container">
        {crumbs.map((crumb) => (
          <li key={crumb.href ?? 'current'}>
            {crumb.href ? <Link href={crumb.href}>{crumb.label}</Link> : <span aria-current="page">{crumb.label}</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
