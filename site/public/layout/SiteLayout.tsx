/** The page frame: skip link, top bar, navbar, search overlay, breadcrumb, main, footer. */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Breadcrumb } from './Breadcrumb';
import { Footer } from './Footer';
import { loadMenusOnce } from './menuStore';
import { Navbar } from './Navbar';
import { SearchOverlay } from './SearchOverlay';
import { TopBar } from './TopBar';

/** `known`: the path matches the route table; an unknown path gets no breadcrumb (there is nothing to lead to). */
export function SiteLayout({ path, known, children }: { path: string; known: boolean; children: ReactNode }) {
  const [searchOpen, setSearchOpen] = useState(false);
  const returnFocus = useRef<HTMLElement | null>(null);

  useEffect(() => loadMenusOnce(), []);

  const openSearch = useCallback(() => {
    returnFocus.current = document.activeElement as HTMLElement | null;
    setSearchOpen(true);
  }, []);
  const closeSearch = useCallback(() => {
    setSearchOpen(false);
    returnFocus.current?.focus();
  }, []);

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <header className="site-header">
        <TopBar />
        <Navbar onSearch={openSearch} />
      </header>
      {searchOpen && <SearchOverlay onClose={closeSearch} />}
      {known && <Breadcrumb path={path} />}
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </>
  );
}
