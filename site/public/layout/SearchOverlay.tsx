/**
 * The full-screen search overlay (requirements R-search-overlay): a text box with placeholder 'Search...', a quick-links
 * panel; submitting goes to /search/keyword?query={text}; Escape or the close button closes it and
 * focus returns to the search button. Tab stays inside while it is open.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { CloseIcon, SearchIcon } from './icons';

const QUICK_LINKS = [
  { href: '/full-time-courses', text: 'Full-time vocational programs' },
  { href: '/part-time-courses', text: 'Part-time courses' },
  { href: '/calendar', text: 'Course calendar' },
  { href: '/financial-aid', text: 'Financial aid' },
  { href: '/international-students', text: 'International students' },
  { href: '/contact', text: 'Contact us' },
];

export function searchPath(text: string): string {
  return `/search/keyword?query=${encodeURIComponent(text.trim())}`;
}

export function SearchOverlay({ onClose }: { onClose: () => void }) {
  const [, navigate] = useLocation();
  const [text, setText] = useState('');
  const dialogRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    inputRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose();
      } else if (event.key === 'Tab') {
        keepFocusInside(event, dialogRef.current);
      }
    };
    document.addEventListener('keydown', onKey);
    document.body.classList.add('no-scroll');
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.classList.remove('no-scroll');
    };
  }, [onClose]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    navigate(searchPath(text));
    onClose();
  };

  return (
    <div className="search-overlay" role="dialog" aria-modal="true" aria-label="Search the site" ref={dialogRef}>
      <button type="button" className="icon-btn search-close" aria-label="Close search" onClick={onClose}>
        <CloseIcon size={28} />
      </button>
      <div className="search-overlay-body">
        <form role="search" className="search-form search-form-large" action="/search/keyword" method="get" onSubmit={submit}>
          <input
            ref={inputRef}
            type="search"
            name="query"
            placeholder="Search..."
            aria-label="Search the site"
            value={text}
            onInput={(event) => setText(event.currentTarget.value)}
          />
          <button type="submit" className="btn btn-accent" aria-label="Submit search">
            <SearchIcon size={22} />
          </button>
        </form>
        <nav className="quick-links" aria-label="Quick links">
          <h2>Quick links</h2>
          <ul>
            {QUICK_LINKS.map((link) => (
              <li key={link.href}>
                <Link href={link.href} onClick={onClose}>
                  {link.text}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </div>
  );
}

function keepFocusInside(event: KeyboardEvent, container: HTMLElement | null): void {
  if (!container) return;
  const focusable = [...container.querySelectorAll<HTMLElement>('a[href], button, input')];
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
