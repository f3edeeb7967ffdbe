/**
 * /crm/password-reset/:userId/:token (seed §2, §4, §5, §8): Password and Confirm Password.
 * If they differ: 'Password and Confirm Password are not same' and nothing is sent. Success: the
 * server's message, then after 2 s /crm/login. A 400 or any error: the server's message.
 */
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { errorMessage, resetPassword } from '../shared/api';
import { FormFeedback, useFormFeedback } from '../shared/FormFeedback';
import { usePageTitle } from '../shared/usePageTitle';
import { AuthCard, SubmitButton } from './AuthCard';
import { REDIRECT_DELAY_MS } from './timing';
import { useLater } from './useLater';

export const PASSWORD_MISMATCH = 'Password and Confirm Password are not same';

/** `welcome`: the same single-use link mechanism, reached from a staff invitation (/crm/welcome/…). */
export function ResetPasswordScreen({ welcome = false }: { welcome?: boolean }) {
  usePageTitle(welcome ? 'Choose your password' : 'Reset Password');
  const { userId = '', token = '' } = useParams<{ userId: string; token: string }>();
  const [, navigate] = useLocation();
  const later = useLater();
  const [password, setPassword] = useState('');
  const [cPassword, setCPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const { feedback, clear, succeed, fail } = useFormFeedback();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    clear();
    if (password !== cPassword) {
      fail(PASSWORD_MISMATCH);
      return;
    }
    setBusy(true);
    try {
      const answer = await resetPassword({ password, cPassword, userId, token });
      succeed(answer.message);
      later(() => navigate('/login'), REDIRECT_DELAY_MS);
    } catch (error) {
      fail(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard heading={welcome ? 'Welcome' : 'Reset Password'}
      intro={welcome ? 'Choose the password of your new staff account.' : 'Choose a new password for your staff account.'}>
      <form className="crm-form" onSubmit={submit}>
        <div className="crm-field">
          <label htmlFor="reset-password">Password</label>
          <input id="reset-password" type="password" name="password" autoComplete="new-password" required
            value={password} onInput={(e) => setPassword(e.currentTarget.value)} />
        </div>
        <div className="crm-field">
          <label htmlFor="reset-cpassword">Confirm Password</label>
          <input id="reset-cpassword" type="password" name="cPassword" autoComplete="new-password" required
            value={cPassword} onInput={(e) => setCPassword(e.currentTarget.value)} />
        </div>
        <SubmitButton busy={busy}>{welcome ? 'Set password' : 'Reset'}</SubmitButton>
        <FormFeedback feedback={feedback} />
      </form>
      <nav className="crm-auth__links" aria-label="Other pages">
        <Link href="/login">Back to login</Link>
        <a href="/">Back to the website</a>
      </nav>
    </AuthCard>
  );
}
