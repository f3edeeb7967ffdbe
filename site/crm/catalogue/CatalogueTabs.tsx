/** The catalogue section's own navigation between its lists. */
import { Link, useLocation } from 'wouter';
import { useCatalogueAccess } from './access';

const TABS = [
  { href: '/catalogue/courses', label: 'Courses and programs' },
  { href: '/catalogue/categories', label: 'Categories' },
  { href: '/catalogue/announcements', label: 'Announcements' },
  { href: '/catalogue/banner-offers', label: 'Home banner offers' },
  { href: '/catalogue/professors', label: 'Professors' },
  { href: '/catalogue/search-synonyms', label: 'Search synonyms' },
] as const;
/** Admins only: what contracts state about the college (issue 34). */
const ADMIN_TABS = [{ href: '/catalogue/enrolment-settings', label: 'Enrolment settings' }] as const;

export function CatalogueTabs() {
  const [location] = useLocation();
  const isAdmin = useCatalogueAccess((state) => state.account?.role === 'admin');
  const tabs = isAdmin ? [...TABS, ...ADMIN_TABS] : TABS;
  return (
    <nav className="crm-tabs" aria-label="Catalogue">
      <ul>
        {tabs.map((tab) => (
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
