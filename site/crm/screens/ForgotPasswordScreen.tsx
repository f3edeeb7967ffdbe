/**
 * /crm/forgot-password (seed §2, §4, §8): one email field, a Send button. Success: the server's
 * message, then after 2 s /crm/login; the button is re-enabled afterwards. Errors: the message.
 */
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { errorMessage, requestPasswordReset } from '../shared/api';
import { FormFeedback, useFormFeedback } from '../shared/FormFeedback';
import { usePageTitle } from '../shared/usePageTitle';
import { AuthCard, SubmitButton } from './AuthCard';
import { REDIRECT_DELAY_MS } from './timing';
import { useLater } from './useLater';

export function ForgotPasswordScreen() {
  usePageTitle('Forgot Password');
  const [, navigate] = useLocation();
  const later = useLater();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const { feedback, clear, succeed, fail } = useFormFeedback();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    clear();
    try {
      const answer = await requestPasswordReset(email);
      succeed(answer.message);
      later(() => navigate('/login'), REDIRECT_DELAY_MS);
    } catch (error) {
      fail(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard heading="Forgot Password" intro="We will e-mail you a link to choose a new password.">
      <form className="crm-form" onSubmit={submit}>
        <div className="crm-field">
          <label htmlFor="forgot-email">Please enter your registered email</label>
          <input id="forgot-email" type="email" name="email" autoComplete="email" required
            value={email} onInput={(e) => setEmail(e.currentTarget.value)} />
        </div>
        <SubmitButton busy={busy}>Send</SubmitButton>
        <FormFeedback feedback={feedback} />
      </form>
      <nav className="crm-auth__links" aria-label="Other pages">
        <Link href="/login">Back to login</Link>
      </nav>
    </AuthCard>
  );
}
