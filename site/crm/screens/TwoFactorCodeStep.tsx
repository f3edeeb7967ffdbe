/**
 * The second step of /crm/login for an account with two-factor sign-in: the code from the
 * authenticator app, or one of the recovery codes. An expired challenge (or five wrong codes)
 * goes back to the password step, as the server's message says.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../../src/api-client';
import type { SignInAnswer, TwoFactorChallengeAnswer } from '../../../src/contract';
import { errorMessage } from '../shared/api';
import { FormFeedback, useFormFeedback } from '../shared/FormFeedback';
import { signInWithCode } from '../shared/two-factor-api';
import { AuthCard, SubmitButton } from './AuthCard';

interface Props {
  challenge: TwoFactorChallengeAnswer;
  onSignedIn(answer: SignInAnswer): void;
  onRestart(): void;
}

function isExpired(error: unknown): boolean {
  return error instanceof ApiError && (error.body as { challengeExpired?: unknown } | null)?.challengeExpired === true;
}

export function TwoFactorCodeStep({ challenge, onSignedIn, onRestart }: Props) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const { feedback, clear, fail } = useFormFeedback();
  const input = useRef<HTMLInputElement>(null);
  // The password step's button had focus and is gone: start where the next thing to type is.
  useEffect(() => input.current?.focus(), []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    clear();
    try {
      onSignedIn(await signInWithCode(challenge.challenge, code));
    } catch (error) {
      fail(errorMessage(error));
      if (isExpired(error)) onRestart();
      else setCode('');
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard heading="Two-factor sign-in" intro={challenge.message}>
      <form className="crm-form" onSubmit={submit}>
        <div className="crm-field">
          <label htmlFor="login-code">Authentication code</label>
          <input
            id="login-code"
            ref={input}
            name="code"
            autoComplete="one-time-code"
            required
            spellCheck={false}
            autoCapitalize="off"
            aria-describedby="login-code-hint"
            value={code}
            onInput={(e) => setCode(e.currentTarget.value)}
          />
          <p id="login-code-hint" className="crm-muted crm-hint">
            Lost your phone? Enter one of your recovery codes instead.
          </p>
        </div>
        <SubmitButton busy={busy}>Verify</SubmitButton>
        <FormFeedback feedback={feedback} />
      </form>
      <nav className="crm-auth__links" aria-label="Other pages">
        <button type="button" className="crm-link-button" onClick={onRestart}>
          Use another account
        </button>
        <a href="/">Back to the website</a>
      </nav>
    </AuthCard>
  );
}
