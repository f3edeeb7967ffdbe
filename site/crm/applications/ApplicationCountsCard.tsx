/** The dashboard's card of applications per status (issue 33), each count linking to the filtered list. */
import { Link } from 'wouter';
import { useStaffQuery } from '../shared/useStaffQuery';
import { fetchApplications } from './applications-api';
import { NO_FILTERS, statusList } from './application-labels';

export function ApplicationCountsCard() {
  const { data } = useStaffQuery((signal) => fetchApplications(NO_FILTERS, signal), 'application-counts');
  if (!data) return null;
  return (
    <section className="crm-card" aria-labelledby="count-applications">
      <h2 id="count-applications">Applications</h2>
      <ul className="crm-counts">
        {statusList.map((s) => (
          <li key={s.id}>
            <Link href={`/applications?status=${s.id}`}>{s.title}</Link>
            <span className="crm-counts__value">{data.counts[s.id]}</span>
          </li>
        ))}
        <li className="crm-counts__total">
          <Link href="/applications">Total</Link>
          <span className="crm-counts__value">{data.total}</span>
        </li>
      </ul>
    </section>
  );
}
