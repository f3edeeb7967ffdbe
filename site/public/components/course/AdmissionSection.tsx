/** Admission requirements: domestic, international (with the English test scores), and the mature-student route. */
import type { AdmissionRequirements } from '../../../../src/catalogue-content';

export function AdmissionSection({ admission }: { admission: AdmissionRequirements }) {
  return (
    <section className="content-section" aria-labelledby="admission-heading">
      <h2 id="admission-heading">Admission requirements</h2>
      {admission.domestic.length > 0 && (
        <>
          <h3>Canadian citizens and permanent residents</h3>
          <ul className="check-list">
            {admission.domestic.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      )}
      {admission.international.length > 0 && (
        <>
          <h3>International applicants</h3>
          <ul className="check-list">
            {admission.international.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      )}
      {admission.english_tests.length > 0 && (
        <>
          <h3>English language scores</h3>
          <dl className="score-list">
            {admission.english_tests.map((score) => (
              <div key={score.test}>
                <dt>{score.test}</dt>
                <dd>{score.score}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
      {admission.mature_student && (
        <>
          <h3>Mature students</h3>
          <p>{admission.mature_student}</p>
        </>
      )}
    </section>
  );
}
