/** The call to apply: Apply Now (opens the inquiry widget) and the phone number. */
import { ApplyButton } from './ApplyButton';
import { COLLEGE } from '../../../src/college';

export function ApplyBand({ title = 'Ready to start your IT career?' }: { title?: string }) {
  return (
    <section className="apply-band" aria-labelledby="apply-band-title">
      <div className="container apply-band-inner">
        <div>
          <h2 id="apply-band-title">{title}</h2>
          <p>Talk to an admissions adviser about programs, schedules and funding. It takes two minutes to ask.</p>
        </div>
        <div className="apply-band-actions">
          <ApplyButton className="btn btn-accent btn-large">Apply Now</ApplyButton>
          <a className="btn btn-outline-light btn-large" href={COLLEGE.phoneHref}>
            Call {COLLEGE.phone}
          </a>
        </div>
      </div>
    </section>
  );
}
