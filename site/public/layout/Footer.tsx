/** The footer (requirements R-footer): phone, two e-mails, the Toronto address, social links, course links, quick links, © 2023. */
import { Link } from 'wouter';
import { COLLEGE, formatAddress } from '../../../src/college';
import { MailIcon, PhoneIcon, PinIcon } from './icons';
import { useMenus } from './menuStore';
import { CopyrightBar } from './CopyrightBar';

const COURSE_LINKS = [
  { href: '/full-time-courses', text: 'Full-time vocational programs' },
  { href: '/full-time-courses-non-vocational', text: 'Full-time non-vocational programs' },
  { href: '/part-time-courses', text: 'Part-time courses' },
  { href: '/web-development-course', text: 'Web development course' },
];

const QUICK_LINKS = [
  { href: '/about-us', text: 'About us' },
  { href: '/calendar', text: 'Course calendar' },
  { href: '/events', text: 'Events' },
  { href: '/financial-aid', text: 'Financial aid' },
  { href: '/kpi', text: 'Key performance indicators' },
  { href: '/policies', text: 'Policies' },
  { href: '/covid-19-vaccination-policy', text: 'COVID-19 vaccination policy' },
  { href: '/announcements', text: 'Announcements' },
  { href: '/contact', text: 'Contact us' },
];

export function Footer() {
  const { partTime } = useMenus();
  const categories = (partTime.course_categories ?? []).slice(0, 4).map((group) => ({
    href: `/part-time-courses/${group.category.slug}`,
    text: `${group.category.name} courses`,
  }));
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">{COLLEGE.name}</h2>
          <p className="footer-note">{COLLEGE.registration}</p>
          <ul className="footer-contacts">
            <li>
              <PinIcon size={16} /> <span>{formatAddress()}</span>
            </li>
            <li>
              <PhoneIcon size={16} /> <a href={COLLEGE.phoneHref}>{COLLEGE.phone}</a>
            </li>
            <li>
              <MailIcon size={16} /> <a href={`mailto:${COLLEGE.emails.admissions}`}>{COLLEGE.emails.admissions}</a>
            </li>
            <li>
              <MailIcon size={16} /> <a href={`mailto:${COLLEGE.emails.info}`}>{COLLEGE.emails.info}</a>
            </li>
          </ul>
        </section>
        <FooterLinks id="footer-courses" title="Courses" links={[...COURSE_LINKS, ...categories]} />
        <FooterLinks id="footer-quick" title="Quick links" links={QUICK_LINKS} />
        <section aria-labelledby="footer-social">
          <h2 id="footer-social">Follow us</h2>
          <ul className="footer-links">
            {COLLEGE.social.map((s) => (
              <li key={s.name}>
                <a href={s.url} rel="noopener noreferrer" target="_blank">
                  {s.name}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <CopyrightBar />
    </footer>
  );
}

function FooterLinks({ id, title, links }: { id: string; title: string; links: { href: string; text: string }[] }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul className="footer-links">
        {links.map((link) => (
          <li key={link.href}>
            <Link href={link.href}>{link.text}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
