/**
 * The main navbar (requirements R-header): logo, About Us (Professors, Contact Us), Program & Courses (from the
 * names-website menus), Career & Student Services, Financial Aid, Course Calendar, and the search
 * button. Below 992 px the list collapses behind a Menu button.
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Dropdown } from './Dropdown';
import { CloseIcon, MenuIcon, SearchIcon } from './icons';
import { Logo } from './Logo';
import { useMenus } from './menuStore';
import { ProgramsMenu } from './ProgramsMenu';

export function Navbar({ onSearch }: { onSearch: () => void }) {
  const menus = useMenus();
  const [location] = useLocation();
  const [openMenu, setOpenMenu] = useState<string | null>(null);
  const [collapsedOpen, setCollapsedOpen] = useState(false);
  // Escape also hides a panel that the pointer opened (CSS :hover), until the pointer leaves the navbar.
  const [hoverOff, setHoverOff] = useState(false);
  const collapsedOpenRef = useRef(collapsedOpen);
  collapsedOpenRef.current = collapsedOpen;
  const navRef = useRef<HTMLElement>(null);
  // The document listeners read the open menu through a ref, updated on every render, so they are
  // registered once and never see a stale value: an Escape pressed right after a click (before an
  // effect re-subscribed) still closes the menu.
  const openMenuRef = useRef(openMenu);
  openMenuRef.current = openMenu;

  // Any navigation closes every menu.
  useEffect(() => {
    setOpenMenu(null);
    setCollapsedOpen(false);
  }, [location]);

  // Escape closes the open menu and returns focus to its toggle; a click elsewhere closes it.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setHoverOff(true);
      const open = openMenuRef.current;
      if (open) {
        navRef.current?.querySelector<HTMLButtonElement>(`[aria-controls="menu-${open}"]`)?.focus();
        setOpenMenu(null);
      } else if (collapsedOpenRef.current) {
        // On small screens Escape closes the menu and returns focus to its button.
        navRef.current?.querySelector<HTMLButtonElement>('[aria-controls="main-menu"]')?.focus();
        setCollapsedOpen(false);
      }
    };
    const onPointer = (event: PointerEvent) => {
      if (navRef.current && !navRef.current.contains(event.target as Node)) setOpenMenu(null);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, []);

  const toggle = (id: string) => setOpenMenu((current) => (current === id ? null : id));
  const close = (id: string) => setOpenMenu((current) => (current === id ? null : current));

  return (
    <nav className={`navbar${hoverOff ? ' hover-off' : ''}`} aria-label="Main" ref={navRef} onMouseLeave={() => setHoverOff(false)}>
      <div className="container navbar-inner">
        <Link href="/" className="brand" title="Home">
          <Logo />
        </Link>
        <div className="navbar-tools">
          <button type="button" className="icon-btn search-btn" aria-label="Search" onClick={onSearch}>
            <SearchIcon size={22} />
          </button>
          <button
            type="button"
            className="icon-btn nav-collapse-btn"
            aria-expanded={collapsedOpen}
            aria-controls="main-menu"
            onClick={() => setCollapsedOpen((open) => !open)}
          >
            {collapsedOpen ? <CloseIcon size={22} /> : <MenuIcon size={22} />}
            <span className="nav-collapse-label hide-narrow">Menu</span>
          </button>
        </div>
        <ul id="main-menu" className={`nav-list${collapsedOpen ? ' is-open' : ''}`}>
          <Dropdown id="about" title="About Us" href="/about-us" open={openMenu === 'about'} onToggle={toggle} onClose={close}>
            <ul className="menu-list">
              <li>
                <Link href="/professors">Professors</Link>
              </li>
              <li>
                <Link href="/contact">Contact Us</Link>
              </li>
            </ul>
          </Dropdown>
          <Dropdown
            id="programs"
            title="Program & Courses"
            href="/programs"
            open={openMenu === 'programs'}
            onToggle={toggle}
            onClose={close}
            wide
          >
            <ProgramsMenu menus={menus} />
          </Dropdown>
          <li className="nav-item">
            <Link href="/career-student-services" className="nav-link">
              Career &amp; Student Services
            </Link>
          </li>
          <li className="nav-item">
            <Link href="/financial-aid" className="nav-link">
              Financial Aid
            </Link>
          </li>
          <li className="nav-item">
            <Link href="/calendar" className="nav-link">
              Course Calendar
            </Link>
          </li>
        </ul>
      </div>
    </nav>
  );
}
