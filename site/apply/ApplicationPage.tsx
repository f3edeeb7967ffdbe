/**
 * The signed-in applicant's page: the steps while the application is a draft, then its status,
 * documents, decision letter and answer. Without a session it is the "Start your application" form.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, apiFetch } from '../../src/api-client';
import { APPLICATION_STEPS, type ApplicantApplication, type ApplicationStepId } from '../../src/application-contract';
import type { CourseOption } from '../../src/contract';
import { publicApiPaths } from '../../src/public-api';
import { applicantToken, keepApplicantToken, readApplication, signOut } from './applicant-api';
import { StartPage } from './StartPage';
import { StepForm } from './StepForm';
import { ReviewStep } from './ReviewStep';
import { StatusView } from './StatusView';
import { DocumentsStep } from './DocumentsStep';
import { stepsFor } from './step-fields';

const titleOf = (step: ApplicationStepId) => APPLICATION_STEPS.find((s) => s.id === step)?.title ?? step;

export function ApplicationPage() {
  const [application, setApplication] = useState<ApplicantApplication | null>(null);
  const [signedOut, setSignedOut] = useState(applicantToken() === null);
  const [courses, setCourses] = useState<CourseOption[]>([]);
  const [step, setStep] = useState<ApplicationStepId>('personal');
  const heading = useRef<HTMLHeadingElement>(null);

  const reload = useCallback(async () => {
    try {
      setApplication(await readApplication());
    } catch (error) {
      if (error instanceof ApiError && (error.status === 401 || error.status === 404)) {
        keepApplicantToken(null);
        setSignedOut(true);
      }
    }
  }, []);

  useEffect(() => {
    document.title = 'Your application | Northbridge College';
    if (signedOut) return;
    void reload();
    apiFetch<CourseOption[]>('/api', publicApiPaths.courses())
      .then(setCourses)
      .catch(() => setCourses([]));
  }, [signedOut, reload]);

  const go = useCallback((next: ApplicationStepId) => {
    setStep(next);
    window.scrollTo(0, 0);
    // The new step's heading takes focus, so a screen reader hears where it is.
    setTimeout(() => heading.current?.focus(), 0);
  }, []);

  if (signedOut) return <StartPage />;
  if (!application) return <p role="status">Loading your application…</p>;
  const signOutButton = (
    <p className="apply-signout">
      <button
        type="button"
        className="apply-linkbutton"
        onClick={() => {
          void signOut()
            .catch(() => undefined)
            .finally(() => {
              keepApplicantToken(null);
              setSignedOut(true);
            });
        }}
      >
        Sign out
      </button>
    </p>
  );
  if (application.status !== 'started') {
    return (
      <>
        <StatusView application={application} onChanged={setApplication} reload={reload} />
        {signOutButton}
      </>
    );
  }

  const steps = stepsFor(application.answers);
  const index = Math.max(0, steps.indexOf(step));
  const current = steps[index] ?? 'personal';
  const following = steps[index + 1];
  const advance = (next: ApplicantApplication) => {
    setApplication(next);
    if (following) go(following);
  };

  return (
    <section aria-labelledby="apply-step-title">
      <nav aria-label="Application steps" className="apply-steps">
        <ol>
          {steps.map((s, i) => (
            <li key={s}>
              <button type="button" className="apply-steps__link" aria-current={s === current ? 'step' : undefined} onClick={() => go(s)}>
                <span className="apply-steps__number">{i + 1}</span> {titleOf(s)}
              </button>
            </li>
          ))}
        </ol>
      </nav>
      <h1 id="apply-step-title" ref={heading} tabIndex={-1}>
        {titleOf(current)}
        <span className="apply-step-count">
          Step {index + 1} of {steps.length}
        </span>
      </h1>
      {current === 'documents' ? (
        <>
          <DocumentsStep application={application} token={applicantToken() ?? ''} onChanged={() => void reload()} />
          <div className="apply-actions">
            <button type="button" className="btn btn-primary" onClick={() => following && go(following)}>
              Continue
            </button>
          </div>
        </>
      ) : current === 'review' ? (
        <ReviewStep application={application} courses={courses} onSubmitted={setApplication} onEdit={go} />
      ) : (
        <StepForm key={current} step={current} application={application} courses={courses} onSaved={setApplication} onDone={advance} />
      )}
      {signOutButton}
    </section>
  );
}
