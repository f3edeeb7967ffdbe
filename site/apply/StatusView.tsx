/** After submission: where the application stands, its documents (a returned one can be uploaded again), the decision letter and the answer. */
import { useRef, useState } from 'react';
import { ApiError } from '../../src/api-client';
import {
  APPLICANT_ANSWERS,
  applicationStatusTitle,
  decisionTitle,
  type ApplicantAnswer,
  type ApplicantApplication,
} from '../../src/application-contract';
import { answerOffer, applicantToken } from './applicant-api';
import { DocumentsStep } from './DocumentsStep';
import { Problem } from './Problem';
import { ContractSection } from './ContractSection';

interface Props {
  application: ApplicantApplication;
  onChanged: (next: ApplicantApplication) => void;
  reload: () => Promise<void>;
}

const WHAT_NEXT: Partial<Record<ApplicantApplication['status'], string>> = {
  submitted: 'We have your application. Admissions will review it and e-mail you if anything is needed.',
  under_review: 'Admissions is reviewing your application.',
  missing_items: 'Some documents need your attention: see the reasons below and upload them again.',
};

export function StatusView({ application, onChanged, reload }: Props) {
  const [problem, setProblem] = useState<string | null>(null);
  const [asked, setAsked] = useState<ApplicantAnswer | null>(null);
  const status = useRef<HTMLParagraphElement>(null);
  const decision = application.decision;
  const canAnswer = decision && (decision.decision === 'admitted' || decision.decision === 'conditionally_admitted') && !application.answer;

  async function answer(choice: ApplicantAnswer) {
    setProblem(null);
    try {
      onChanged(await answerOffer(choice));
      setAsked(null);
      status.current?.focus();
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : 'Something went wrong. Please try again.');
    }
  }

  return (
    <section aria-labelledby="apply-status-title">
      <h1 id="apply-status-title">Your application</h1>
      <p className="apply-status" ref={status} tabIndex={-1}>
        Status: <strong>{applicationStatusTitle(application.status)}</strong>
      </p>
      {WHAT_NEXT[application.status] ? <p>{WHAT_NEXT[application.status]}</p> : null}
      {decision ? (
        <article className="apply-letter" aria-labelledby="apply-letter-title">
          <h2 id="apply-letter-title">Decision: {decisionTitle(decision.decision)}</h2>
          {decision.conditions ? <p className="apply-conditions">Conditions: {decision.conditions}</p> : null}
          <div className="apply-letter__text">
            {decision.letter.split(/\n{2,}/).map((paragraph, i) => (
              <p key={i}>{paragraph}</p>
            ))}
          </div>
        </article>
      ) : null}
      {canAnswer ? (
        <div className="apply-answer" role="group" aria-labelledby="apply-answer-title">
          <h2 id="apply-answer-title">Your answer</h2>
          {asked ? (
            <div className="apply-confirm">
              <p>
                {asked === 'accepted'
                  ? 'Accept the offer of admission?'
                  : asked === 'declined'
                    ? 'Decline the offer of admission? This cannot be undone here.'
                    : 'Ask to defer to a later intake?'}
              </p>
              <button type="button" className="btn btn-primary" onClick={() => void answer(asked)}>
                Yes, {APPLICANT_ANSWERS.find((a) => a.id === asked)?.title.toLowerCase()}
              </button>{' '}
              <button type="button" className="btn btn-outline" onClick={() => setAsked(null)}>
                Go back
              </button>
            </div>
          ) : (
            <div className="apply-actions">
              {APPLICANT_ANSWERS.map((choice) => (
                <button
                  key={choice.id}
                  type="button"
                  className={choice.id === 'accepted' ? 'btn btn-primary' : 'btn btn-outline'}
                  onClick={() => setAsked(choice.id)}
                >
                  {choice.title}
                </button>
              ))}
            </div>
          )}
        </div>
      ) : null}
      <Problem>{problem}</Problem>
      {application.answer === 'accepted' ? <ContractSection /> : null}
      <DocumentsStep application={application} token={applicantToken() ?? ''} onChanged={() => void reload()} />
    </section>
  );
}
