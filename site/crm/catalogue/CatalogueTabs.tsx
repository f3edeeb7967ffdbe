/** The catalogue section's own navigation between its lists. */
import { Link, useLocation } from 'wouter';

const TABS = [
  { href: '/catalogue/courses', label: 'Courses and programs' },
  { href: '/catalogue/categories', label: 'Categories' },
  { href: '/catalogue/announcements', label: 'Announcements' },
  { href: '/catalogue/banner-offers', label: 'Home banner offers' },
  { href: '/catalogue/professors', label: 'Professors' },
  { href: '/catalogue/search-synonyms', label: 'Search synonyms' },
] as const;

export function CatalogueTabs() {
  const [location] = useLocation();
  return (
    <nav className="crm-tabs" aria-label="Catalogue">
      <ul>
        {TABS.map((tab) => (
          <li key={tab.href}>
            <Link href={tab.href} aria-current={location === tab.href || location.startsWith(`${tab.href}/`) ? 'page' : undefined}>
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
