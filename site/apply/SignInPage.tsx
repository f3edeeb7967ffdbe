/** Uses the e-mailed link once: its token (in the fragment, never sent to a server log) becomes a session. */
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { ApiError } from '../../src/api-client';
import { keepApplicantToken, openLink } from './applicant-api';
import { StartPage } from './StartPage';

export function SignInPage() {
  const [, navigate] = useLocation();
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    const token = new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
    // The token leaves the address bar (and the history) at once.
    window.history.replaceState(null, '', window.location.pathname);
    openLink(token)
      .then((session) => {
        keepApplicantToken(session.token);
        navigate('~/apply', { replace: true });
      })
      .catch((error: unknown) => setProblem(error instanceof ApiError ? error.message : 'Something went wrong. Please try again.'));
  }, [navigate]);

  if (problem) return <StartPage note={problem} />;
  return (
    <p className="apply-card" role="status">
      Opening your application…
    </p>
  );
}
