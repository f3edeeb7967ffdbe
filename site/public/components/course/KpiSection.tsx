/** A vocational program's Ontario KPI figures for one reporting year, with a link to the KPI page. */
import { Link } from 'wouter';
import type { KpiFigures } from '../../../../src/catalogue-content';

export const KPI_LABELS: readonly [keyof Omit<KpiFigures, 'reporting_year'>, string][] = [
  ['graduation_rate', 'Graduation rate'],
  ['employment_rate', 'Graduate employment rate'],
  ['employment_in_field', 'Employed in the field of study'],
  ['graduate_satisfaction', 'Graduate satisfaction'],
  ['employer_satisfaction', 'Employer satisfaction'],
];

export function KpiSection({ kpi }: { kpi: KpiFigures }) {
  return (
    <section className="content-section" aria-labelledby="kpi-heading">
      <h2 id="kpi-heading">Key performance indicators</h2>
      <p>Ontario’s results for this program, reporting year {kpi.reporting_year}.</p>
      <dl className="kpi-figures">
        {KPI_LABELS.map(([key, label]) => (
          <div key={key}>
            <dt>{label}</dt>
            <dd>{kpi[key]}%</dd>
          </div>
        ))}
      </dl>
      <p>
        <Link href="/kpi">What the key performance indicators mean</Link>
      </p>
    </section>
  );
}
