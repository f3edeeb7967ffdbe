/**
 * /crm/password-reset/:userId/:token (requirements R-reset, R-auth-states, R-validation, R-errors): Password and Confirm Password.
 * If they differ: 'Password and Confirm Password are not same' and nothing is sent. Success: the
 * server's message, then after 2 s /crm/login. A 400 or any error: the server's message.
 */
import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { resetPassword } from '../shared/api';
import { FormFeedback } from '../shared/FormFeedback';
import { usePageTitle } from '../shared/usePageTitle';
import { AuthCard, SubmitButton } from './AuthCard';
import { useSubmitThenLogin } from './useSubmitThenLogin';
import { TextField } from '../shared/TextField';

export const PASSWORD_MISMATCH = 'Password and Confirm Password are not same';

/** `welcome`: the same single-use link mechanism, reached from a staff invitation (/crm/welcome/…). */
export function ResetPasswordScreen({ welcome = false }: { welcome?: boolean }) {
  usePageTitle(welcome ? 'Choose your password' : 'Reset Password');
  const { userId = '', token = '' } = useParams<{ userId: string; token: string }>();
  const [password, setPassword] = useState('');
  const [cPassword, setCPassword] = useState('');
  const { busy, feedback, submit } = useSubmitThenLogin(
    () => resetPassword({ password, cPassword, userId, token }),
    () => (password !== cPassword ? PASSWORD_MISMATCH : null),
  );

  return (
    <AuthCard
      heading={welcome ? 'Welcome' : 'Reset Password'}
      intro={welcome ? 'Choose the password of your new staff account.' : 'Choose a new password for your staff account.'}
    >
      <form className="crm-form" onSubmit={submit}>
        <TextField
          id="reset-password"
          label="Password"
          type="password"
          name="password"
          autoComplete="new-password"
          value={password}
          onValue={setPassword}
        />
        <TextField
          id="reset-cpassword"
          label="Confirm Password"
          type="password"
          name="cPassword"
          autoComplete="new-password"
          value={cPassword}
          onValue={setCPassword}
        />
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
