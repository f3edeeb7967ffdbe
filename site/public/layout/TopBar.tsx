/** The top bar (requirements R-header): phone, e-mail, Pearson Vue Center, International Students, Apply Now. */
import { ApplyButton } from '../components/ApplyButton';
import { Link } from 'wouter';
import { COLLEGE } from '../../../src/college';
import { MailIcon, PhoneIcon } from './icons';

export function TopBar() {
  return (
    <div className="topbar">
      <div className="container topbar-inner">
        <ul className="topbar-contacts">
          <li>
            <a href={COLLEGE.phoneHref}>
              <PhoneIcon size={16} /> <span>{COLLEGE.phone}</span>
            </a>
          </li>
          <li>
            <a href={`mailto:${COLLEGE.emails.admissions}`} title={COLLEGE.emails.admissions}>
              <MailIcon size={16} /> <span className="hide-narrow">{COLLEGE.emails.admissions}</span>
            </a>
          </li>
        </ul>
        <ul className="topbar-links">
          <li>
            <Link href="/pearson-vue-authorized-center">Pearson Vue Center</Link>
          </li>
          <li>
            <Link href="/international-students">International Students</Link>
          </li>
          <li>
            <ApplyButton className="btn btn-accent btn-small">Apply Now</ApplyButton>
          </li>
        </ul>
      </div>
    </div>
  );
}
