/**
 * /crm/login (requirements R-login, R-auth-states, R-validation, R-errors): email + password, a Login button disabled with a spinner
 * while sending. Success: the server's message, the credentials stored under `token` and
 * `user_public`, then after 2 s /crm, replacing history. Any error: the server's message.
 * An account with two-factor sign-in gets a code step in between (TwoFactorCodeStep); one that
 * the college requires to set it up goes to the set-up page instead of /crm.
 */
import { useState, type FormEvent } from 'react';
import { Link, Redirect, useLocation } from 'wouter';
import type { SignInAnswer, TwoFactorChallengeAnswer } from '../../../src/contract';
import { errorMessage, signIn } from '../shared/api';
import { FormFeedback, useFormFeedback } from '../shared/FormFeedback';
import { usePageTitle } from '../shared/usePageTitle';
import { isSignedIn, useAuth } from '../stores/auth';
import { TWO_FACTOR_PATH, useTwoFactorGate } from '../stores/two-factor';
import { TwoFactorCodeStep } from './TwoFactorCodeStep';
import { AuthCard, SubmitButton } from './AuthCard';
import { REDIRECT_DELAY_MS } from './timing';
import { useLater } from './useLater';
import { TextField } from '../shared/TextField';

export function LoginScreen() {
  usePageTitle('Login');
  const [, navigate] = useLocation();
  const later = useLater();
  // Decided once on arrival: a sign-in made here must wait its 2 s, not redirect at once.
  const [alreadySignedIn] = useState(() => isSignedIn());
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState<TwoFactorChallengeAnswer | null>(null);
  const { feedback, clear, succeed, fail } = useFormFeedback();

  if (alreadySignedIn) return <Redirect to="/dashboard" replace />;

  function finish(answer: SignInAnswer) {
    succeed(answer.message);
    useAuth.getState().signIn(answer.token, answer.user);
    const setupRequired = answer.twoFactorSetupRequired === true;
    useTwoFactorGate.getState().setSetupRequired(setupRequired);
    later(() => navigate(setupRequired ? `~/crm${TWO_FACTOR_PATH}` : '~/crm', { replace: true }), REDIRECT_DELAY_MS);
  }

  if (challenge) {
    return <TwoFactorCodeStep challenge={challenge} onSignedIn={finish} onRestart={() => setChallenge(null)} />;
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    clear();
    try {
      const answer = await signIn(email, password);
      if ('twoFactorRequired' in answer) setChallenge(answer);
      else finish(answer);
    } catch (error) {
      fail(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard heading="Login" intro="Sign in to the admissions CRM.">
      <form className="crm-form" onSubmit={submit}>
        <TextField id="login-email" label="Email" type="email" name="email" autoComplete="username" value={email} onValue={setEmail} />
        <TextField
          id="login-password"
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onValue={setPassword}
        />
        <SubmitButton busy={busy}>Login</SubmitButton>
        <FormFeedback feedback={feedback} />
      </form>
      <nav className="crm-auth__links" aria-label="Other pages">
        <Link href="/forgot-password">Forgot password?</Link>
        <a href="/">Back to the website</a>
      </nav>
    </AuthCard>
  );
}
