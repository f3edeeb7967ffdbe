/**
 * One navbar item with a dropdown, as a disclosure: the title is a link to its listing page (seed
 * R-screens), and a separate button opens the panel for keyboard and touch users. On wide screens the panel
 * also opens on hover (CSS). Focus leaving the item closes its panel (WCAG 1.4.13).
 */
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { ChevronIcon } from './icons';

interface DropdownProps {
  id: string;
  title: string;
  href: string;
  open: boolean;
  onToggle: (id: string) => void;
  onClose: (id: string) => void;
  wide?: boolean;
  children: ReactNode;
}

export function Dropdown({ id, title, href, open, onToggle, onClose, wide = false, children }: DropdownProps) {
  const panelId = `menu-${id}`;
  return (
    <li
      className={`nav-item has-dropdown${open ? ' is-open' : ''}${wide ? ' is-wide' : ''}`}
      data-menu={id}
      onBlur={(event) => {
        if (open && !event.currentTarget.contains(event.relatedTarget as Node | null)) onClose(id);
      }}
    >
      <div className="nav-item-head">
        <Link href={href} className="nav-link">
          {title}
        </Link>
        <button
          type="button"
          className="nav-toggle-sub"
          aria-expanded={open}
          aria-controls={panelId}
          aria-label={`${title} menu`}
          onClick={() => onToggle(id)}
        >
          <ChevronIcon />
        </button>
      </div>
      <div className="dropdown" id={panelId}>
        {children}
      </div>
    </li>
  );
}
