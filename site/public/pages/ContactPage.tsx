/** Contact: address, phone, both e-mails, office hours and a map link, then the page's text. */
import { ApplyButton } from '../components/ApplyButton';
import { COLLEGE, formatAddress } from '../../../src/college';
import { infoPageFor } from '../../../src/content/pages';
import { ContentSections } from '../components/ContentSections';
import { PageHeader } from '../components/PageHeader';
import { currentOrigin } from '../../lib/head';
import { collegeLd } from '../../lib/structuredData';
import { useStructuredData } from '../../lib/usePageMeta';

export default function ContactPage() {
  const page = infoPageFor('/contact');
  const title = page?.title ?? 'Contact Us';
  useStructuredData('college', collegeLd(currentOrigin()));
  return (
    <>
      <PageHeader title={title} description={page?.description ?? formatAddress()} lead={page?.intro} />
      <div className="container page contact-grid">
        <section className="card" aria-labelledby="contact-reach">
          <h2 id="contact-reach">Reach us</h2>
          <dl className="facts">
            <dt>Address</dt>
            <dd>
              {formatAddress()}
              <br />
              <a href={COLLEGE.mapUrl} rel="noopener noreferrer" target="_blank">
                View on a map<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </dd>
            <dt>Phone</dt>
            <dd>
              <a href={COLLEGE.phoneHref}>{COLLEGE.phone}</a>
            </dd>
            <dt>Admissions</dt>
            <dd>
              <a href={`mailto:${COLLEGE.emails.admissions}`}>{COLLEGE.emails.admissions}</a>
            </dd>
            <dt>General inquiries</dt>
            <dd>
              <a href={`mailto:${COLLEGE.emails.info}`}>{COLLEGE.emails.info}</a>
            </dd>
          </dl>
          <ApplyButton className="btn btn-accent">Apply Now</ApplyButton>
        </section>
        <section className="card" aria-labelledby="contact-hours">
          <h2 id="contact-hours">Office hours</h2>
          <table className="hours">
            <tbody>
              {COLLEGE.hours.map((h) => (
                <tr key={h.days}>
                  <th scope="row">{h.days}</th>
                  <td>{h.time}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <article className="prose contact-text">{page && <ContentSections sections={page.sections} />}</article>
      </div>
    </>
  );
}
