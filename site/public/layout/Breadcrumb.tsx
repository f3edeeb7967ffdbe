/** The breadcrumb below the navbar; the rules live in src/breadcrumb.ts. */
import { Link } from 'wouter';
import { buildBreadcrumb } from '../../../src/breadcrumb';

export function Breadcrumb({ path }: { path: string }) {
  const crumbs = buildBreadcrumb(path);
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
