/** Career outcomes: the roles graduates go on to, and the work placement. */
import type { CareerOutcomes } from '../../../../src/catalogue-content';

export function OutcomesSection({ outcomes }: { outcomes: CareerOutcomes }) {
  return (
    <section className="content-section" aria-labelledby="outcomes-heading">
      <h2 id="outcomes-heading">Career outcomes</h2>
      {outcomes.job_titles.length > 0 && (
        <>
          <p>Graduates work as:</p>
          <ul className="tags job-titles">
            {outcomes.job_titles.map((title) => (
              <li key={title}>{title}</li>
            ))}
          </ul>
        </>
      )}
      {outcomes.work_placement && (
        <p className="work-placement">
          <strong>Work placement:</strong> {outcomes.work_placement}
        </p>
      )}
    </section>
  );
}
