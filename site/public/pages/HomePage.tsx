/** Home: the banner of Microsoft offers, then programs, why study here, upcoming intakes, call to apply. */
import { Link } from 'wouter';
import { COLLEGE } from '../../../src/college';
import { siteApi } from '../../lib/api';
import { deliveryModeTitle, formatDate, sortIntakes } from '../../lib/courses';
import { useApi } from '../../lib/useApi';
import { currentOrigin } from '../../lib/head';
import { collegeLd } from '../../lib/structuredData';
import { usePageMeta, useStructuredData } from '../../lib/usePageMeta';
import { ApplyBand } from '../components/ApplyBand';
import { Loading } from '../components/Status';
import { Banner } from './home/Banner';
import { Illustration } from '../components/Illustration';
import { siteImage } from '../../lib/images';

const PROGRAMS = [
  {
    href: '/full-time-courses',
    title: 'Full-time vocational programs',
    text: 'Approved diploma programs in networking, cybersecurity, cloud and software, with career support and funding options.',
  },
  {
    href: '/full-time-courses-non-vocational',
    title: 'Full-time non-vocational programs',
    text: 'Intensive programs focused on one technology track, for learners ready to move up fast.',
  },
  {
    href: '/part-time-courses',
    title: 'Part-time courses',
    text: 'Evening, weekend and online Cisco, Linux, CompTIA and Microsoft courses that lead to certification.',
  },
];

const REASONS = [
  { title: 'Instructors from industry', text: 'Learn from certified professionals who still work in the field.' },
  { title: 'Hands-on labs', text: 'Practise on real Cisco, Linux, Microsoft and cloud environments.' },
  { title: 'Certification on site', text: 'Take your exam at our own Pearson VUE authorized test centre.' },
  { title: 'Career support', text: 'Résumé reviews, interview practice and introductions to employers.' },
  { title: 'Funding help', text: 'Guidance on OSAP, Better Jobs Ontario, COJG and payment plans.' },
  { title: 'Flexible schedules', text: 'Day, evening, weekend and live online classes.' },
];

export default function HomePage() {
  usePageMeta(
    'Home',
    `${COLLEGE.name}: IT career training in Toronto. Full-time diplomas and part-time Cisco, Linux, CompTIA and Microsoft courses.`,
  );
  useStructuredData('college', collegeLd(currentOrigin()));
  const offers = useApi(siteApi.bannerOffers());
  const intakes = useApi(siteApi.nextIntakes());
  return (
    <>
      {offers.status === 'ready' && <Banner offers={offers.data} />}
      <section className="home-intro">
        <div className="container home-intro-inner">
          <div>
            <p className="eyebrow">{COLLEGE.tagline}</p>
            <h1>Launch your IT career in Toronto</h1>
            <p className="lead">
              {COLLEGE.name} trains network administrators, cybersecurity analysts, cloud specialists and developers with small classes,
              hands-on labs and the certifications employers ask for.
            </p>
          </div>
          <Illustration image={siteImage('hero')} className="home-art" eager />
        </div>
      </section>
      <section className="section" aria-labelledby="home-programs">
        <div className="container">
          <h2 id="home-programs" className="section-title">
            Our programs
          </h2>
          <div className="card-grid">
            {PROGRAMS.map((p) => (
              <article key={p.href} className="card program-card">
                <h3 className="card-title">
                  <Link href={p.href}>{p.title}</Link>
                </h3>
                <p>{p.text}</p>
              </article>
            ))}
          </div>
        </div>
      </section>
      <section className="section section-tint" aria-labelledby="home-why">
        <div className="container">
          <h2 id="home-why" className="section-title">
            Why study with us
          </h2>
          <ul className="reason-grid">
            {REASONS.map((r) => (
              <li key={r.title}>
                <h3>{r.title}</h3>
                <p>{r.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className="section" aria-labelledby="home-intakes">
        <div className="container">
          <h2 id="home-intakes" className="section-title">
            Upcoming intakes
          </h2>
          {intakes.status === 'loading' && <Loading label="Loading intakes…" />}
          {intakes.status === 'error' && (
            <p>
              Our intake dates are on the <Link href="/calendar">course calendar</Link>.
            </p>
          )}
          {intakes.status === 'ready' && (
            <ul className="intake-cards">
              {sortIntakes(intakes.data)
                .slice(0, 4)
                .map((intake) => (
                  <li key={intake._id} className="card">
                    <p className="intake-date">{formatDate(intake.start_date)}</p>
                    <h3 className="card-title">
                      <Link href={`/course/${intake.course_slug}`}>{intake.course_name}</Link>
                    </h3>
                    <p>
                      {deliveryModeTitle(intake.delivery_mode)} · {intake.schedule}
                    </p>
                  </li>
                ))}
            </ul>
          )}
          <p>
            <Link href="/calendar" className="btn btn-outline">
              See the full course calendar
            </Link>
          </p>
        </div>
      </section>
      <ApplyBand />
    </>
  );
}
