/**
 * The frame of the e-mail preference pages (opt in, withdraw, unsubscribe): the site's header with
 * its logo, the title band and a footer naming the college with its address and contacts. These
 * pages are rendered on the server only and carry no script (they must work without JavaScript,
 * from a link in a mail, for anyone), so the frame uses plain links and the site's stylesheet
 * rather than the interactive navbar and footer.
 */
import type { ReactNode } from 'react';
import { COLLEGE, formatAddress } from '../../src/college';
import { Logo } from '../public/layout/Logo';
import { CopyrightBar } from '../public/layout/CopyrightBar';

export function EmailPageFrame({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <header className="site-header">
        <nav className="navbar" aria-label="Main">
          <div className="container navbar-inner">
            <a href="/" className="brand" title="Home">
              <Logo />
            </a>
          </div>
        </nav>
      </header>
      <main id="main" tabIndex={-1}>
        <div className="page-header">
          <div className="container">
            <h1>{title}</h1>
            {lead && <p className="lead">{lead}</p>}
          </div>
        </div>
        <div className="container">
          <div className="prose email-preferences">{children}</div>
        </div>
      </main>
      <footer className="site-footer">
        <div className="container email-footer">
          <p>
            {COLLEGE.name}, {formatAddress()}, {COLLEGE.address.country}
            <br />
            <a href={COLLEGE.phoneHref}>{COLLEGE.phone}</a> ·{' '}
            <a href={`mailto:${COLLEGE.emails.admissions}`}>{COLLEGE.emails.admissions}</a>
          </p>
        </div>
        <CopyrightBar />
      </footer>
    </>
  );
}
