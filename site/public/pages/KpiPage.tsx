/**
 * /kpi: the Ontario key performance indicators of every vocational program (GET /api/kpi), one
 * table with the reporting year and a link to the ministry's public source, then the page's text
 * (src/content/pages-funding.ts), which names the same five indicators as the table's columns.
 * On a phone each program's row reads as a card of label and figure (37-content.css).
 */
import { Link } from 'wouter';
import { ONTARIO_KPI_SOURCE_URL, type ProgramKpi } from '../../../src/catalogue-content';
import { infoPageFor } from '../../../src/content/pages';
import { siteApi } from '../../lib/api';
import { useApi } from '../../lib/useApi';
import { KPI_LABELS } from '../components/course/KpiSection';
import { InfoPageFrame } from '../components/InfoPageFrame';
import { ErrorNotice, Loading } from '../components/Status';
import { NotFoundPage } from '../NotFoundPage';
import type { PageProps } from '../pageTypes';

export default function KpiPage({ route }: PageProps) {
  const page = infoPageFor(route.path);
  const state = useApi(siteApi.kpi());
  if (!page) return <NotFoundPage />;
  return (
    <InfoPageFrame page={page}>
      <section className="content-section" aria-labelledby="kpi-results">
        <h2 id="kpi-results">Our results by program</h2>
        {state.status === 'loading' && <Loading />}
        {state.status === 'error' && <ErrorNotice message={state.error.message} />}
        {state.status === 'ready' && <KpiTable programs={state.data} />}
        <p>
          The ministry publishes the results of every Ontario career college:{' '}
          <a href={ONTARIO_KPI_SOURCE_URL} rel="noopener">
            Ontario’s public KPI results for private career colleges
          </a>
          .
        </p>
      </section>
    </InfoPageFrame>
  );
}

function KpiTable({ programs }: { programs: ProgramKpi[] }) {
  if (programs.length === 0) return <p>Results are being compiled; an admissions adviser can share the latest figures.</p>;
  const years = [...new Set(programs.map((program) => program.kpi.reporting_year))];
  // One reporting year is said once, in the caption; several get a column.
  const yearColumn = years.length > 1;
  return (
    <div className="table-wrap" role="region" aria-labelledby="kpi-caption" tabIndex={0}>
      <table className="data-table kpi-table">
        <caption id="kpi-caption">Key performance indicators by program, reporting year {years.join(', ')} (percent)</caption>
        <thead>
          <tr>
            <th scope="col">Program</th>
            {yearColumn && <th scope="col">Year</th>}
            {KPI_LABELS.map(([key, label]) => (
              <th key={key} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {programs.map((program) => (
            <tr key={program.slug}>
              <th scope="row">
                <Link href={program.path}>{program.course_name}</Link>
              </th>
              {yearColumn && <td data-label="Year">{program.kpi.reporting_year}</td>}
              {KPI_LABELS.map(([key, label]) => (
                <td key={key} data-label={label}>
                  {program.kpi[key]}%
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
