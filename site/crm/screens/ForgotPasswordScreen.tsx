/**
 * /crm/forgot-password (requirements R-forgot, R-auth-states, R-errors): one email field, a Send button. Success: the server's
 * message, then after 2 s /crm/login; the button is re-enabled afterwards. Errors: the message.
 */
import { useState } from 'react';
import { Link } from 'wouter';
import { requestPasswordReset } from '../shared/api';
import { FormFeedback } from '../shared/FormFeedback';
import { usePageTitle } from '../shared/usePageTitle';
import { AuthCard, SubmitButton } from './AuthCard';
import { useSubmitThenLogin } from './useSubmitThenLogin';
import { TextField } from '../shared/TextField';

export function ForgotPasswordScreen() {
  usePageTitle('Forgot Password');
  const [email, setEmail] = useState('');
  const { busy, feedback, submit } = useSubmitThenLogin(() => requestPasswordReset(email));

  return (
    <AuthCard heading="Forgot Password" intro="We will e-mail you a link to choose a new password.">
      <form className="crm-form" onSubmit={submit}>
        <TextField
          id="forgot-email"
          label="Please enter your registered email"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onValue={setEmail}
        />
        <SubmitButton busy={busy}>Send</SubmitButton>
        <FormFeedback feedback={feedback} />
      </form>
      <nav className="crm-auth__links" aria-label="Other pages">
        <Link href="/login">Back to login</Link>
      </nav>
    </AuthCard>
  );
}
