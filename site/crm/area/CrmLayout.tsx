/**
 * The signed-in frame: a header with the menu toggle, the staff member's name and Sign out, and
 * a sidebar that the `sidebarShow` flag opens and closes. Below tablet width the same toggle opens
 * the menu as a bar under the header (`narrowMenuOpen`, closed at first; stores/ui.ts): choosing a
 * page or pressing Escape closes it again.
 */
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { notify } from '../shared/notify';
import { COLLEGE } from '../../../src/college';
import { signOut } from '../shared/api';
import { useAuth } from '../stores/auth';
import { useUi } from '../stores/ui';
import { useNarrowViewport } from './useNarrowViewport';
import { useToastDock } from './useToastDock';
import { useTwoFactorGate } from '../stores/two-factor';
import { useCatalogueAccess } from '../catalogue/access';
import { isAdmin } from '../stores/permissions';

const NAV = [
  { href: '/dashboard', label: 'Dashboard' },
  { href: '/leads', label: 'Leads' },
  { href: '/applications', label: 'Applications' },
  { href: '/refunds', label: 'Refunds' },
  { href: '/activities', label: 'My work' },
  { href: '/replies', label: 'Unmatched replies' },
  { href: '/sequences', label: 'Sequences' },
  { href: '/events', label: 'Events' },
  { href: '/staff', label: 'Staff' },
  { href: '/account', label: 'My account' },
] as const;
/** Shown to admins and catalogue editors only (issue 12). */
const CATALOGUE_NAV = { href: '/catalogue', label: 'Catalogue' } as const;
/** Shown to admins only (issue 21). */
const AUDIT_NAV = { href: '/audit', label: 'Audit log' } as const;
/** Shown to admins only (issue 22). */
const TEMPLATES_NAV = { href: '/templates', label: 'E-mail templates' } as const;
/** Shown to admins only (issue 23). */
const ASSIGNMENT_NAV = { href: '/assignment', label: 'Assignment' } as const;

export function CrmLayout({ children }: { children: ReactNode }) {
  const user = useAuth((state) => state.user);
  const { sidebarShow, toggleSidebar, narrowMenuOpen, setNarrowMenuOpen } = useUi();
  const narrow = useNarrowViewport();
  const shown = narrow ? narrowMenuOpen : sidebarShow;
  const toggle = () => (narrow ? setNarrowMenuOpen(!narrowMenuOpen) : toggleSidebar());
  const toggleRef = useRef<HTMLButtonElement>(null);
  const dockRef = useRef<HTMLDivElement>(null);
  useToastDock(dockRef);
  /** On a phone the open menu covers the page's start: it closes once used, and focus goes back to ☰. */
  const closeNarrowMenu = (refocus: boolean) => {
    if (!narrow) return;
    setNarrowMenuOpen(false);
    if (refocus) toggleRef.current?.focus();
  };
  const onMenuKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && narrow && narrowMenuOpen) closeNarrowMenu(true);
  };
  const [location, navigate] = useLocation();
  const [leaving, setLeaving] = useState(false);
  const catalogueAccess = useCatalogueAccess((state) => state.access);
  const account = useCatalogueAccess((state) => state.account);
  // Read on opening and whenever the tab comes back, so a permission granted meanwhile shows.
  useEffect(() => {
    const refresh = () => void useCatalogueAccess.getState().refresh();
    refresh();
    window.addEventListener('focus', refresh);
    return () => window.removeEventListener('focus', refresh);
  }, [user?._id]);
  const withCatalogue = catalogueAccess === 'allowed' ? [...NAV.slice(0, 3), CATALOGUE_NAV, ...NAV.slice(3)] : [...NAV];
  const nav = isAdmin(account)
    ? [...withCatalogue.slice(0, -1), ASSIGNMENT_NAV, TEMPLATES_NAV, AUDIT_NAV, ...withCatalogue.slice(-1)]
    : withCatalogue;

  async function leave() {
    setLeaving(true);
    try {
      const answer = await signOut();
      notify.info(answer.message);
    } catch {
      // Signed out here whatever the server said; a dead session is already gone there.
    } finally {
      useAuth.getState().clear();
      useTwoFactorGate.getState().setSetupRequired(false);
      navigate('/login', { replace: true });
    }
  }

  return (
    <div className={`crm-shell${shown ? '' : ' crm-shell--collapsed'}`}>
      <header className="crm-header">
        <button
          ref={toggleRef}
          type="button"
          className="crm-icon-button"
          aria-expanded={shown}
          aria-controls="crm-sidebar"
          onClick={toggle}
        >
          <span aria-hidden="true">☰</span>
          <span className="crm-visually-hidden">Menu</span>
        </button>
        <span className="crm-header__brand">
          <span className="crm-header__brand-long">{COLLEGE.shortName} </span>CRM
        </span>
        <span className="crm-header__user">
          <span className="crm-header__signed">Signed in as </span>
          <strong>{user?.name ?? ''}</strong>
        </span>
        <button type="button" className="crm-button" onClick={leave} disabled={leaving}>
          Sign out
        </button>
      </header>
      <nav id="crm-sidebar" className="crm-sidebar" aria-label="CRM" hidden={!shown} onKeyDown={onMenuKey}>
        <ul>
          {nav.map((item) => {
            const current = location === item.href || location.startsWith(`${item.href}/`);
            return (
              <li key={item.href}>
                {/* The page opened takes focus (PageHeading); the page already open has no new heading, so ☰ does. */}
                <Link href={item.href} aria-current={current ? 'page' : undefined} onClick={() => closeNarrowMenu(location === item.href)}>
                  {item.label}
                </Link>
              </li>
            );
          })}
          <li>
            <a href="/">Public website</a>
          </li>
        </ul>
      </nav>
      <main id="main" className="crm-main">
        {children}
      </main>
      <div ref={dockRef} className="crm-toast-dock" aria-hidden="true" />
    </div>
  );
}
