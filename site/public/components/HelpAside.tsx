/** The side box on information pages: talk to an adviser, and a few useful links. */
import { ApplyButton } from './ApplyButton';
import { Link } from 'wouter';
import { COLLEGE } from '../../../src/college';

const USEFUL = [
  { href: '/programs', text: 'Programs' },
  { href: '/calendar', text: 'Course calendar' },
  { href: '/financial-aid', text: 'Financial aid' },
  { href: '/policies', text: 'Policies' },
];

export function HelpAside({ currentPath }: { currentPath: string }) {
  return (
    <aside className="help-aside" aria-label="Talk to an adviser">
      <div className="card card-accent">
        <h2>Talk to an adviser</h2>
        <p>Questions about programs, funding or admission? We are here to help.</p>
        <ApplyButton className="btn btn-accent btn-block">Apply Now</ApplyButton>
        <p className="help-phone">
          or call <a href={COLLEGE.phoneHref}>{COLLEGE.phone}</a>
        </p>
      </div>
      <nav className="card" aria-label="Useful links">
        <h2>Useful links</h2>
        <ul className="plain-list">
          {USEFUL.filter((l) => l.href !== currentPath).map((link) => (
            <li key={link.href}>
              <Link href={link.href}>{link.text}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}
