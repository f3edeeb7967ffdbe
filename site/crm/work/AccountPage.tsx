/**
 * /crm/account: the signed-in member's account, their name (mails to students are signed with it:
 * issue 31) and a form to change their own password.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { notify } from '../shared/notify';
import { STAFF_ROLES } from '../../../src/crm-contract';
import { lookupTitle, STATUSES } from '../../../src/lookups';
import { errorMessage } from '../shared/api';
import { changeOwnPassword, fetchAccount, renameOwnAccount } from '../shared/work-api';
import { useAuth } from '../stores/auth';
import { useFieldForm } from '../shared/useFieldForm';
import { FormFeedback } from '../shared/FormFeedback';
import { TextField as FieldWithError } from '../catalogue/fields';
import { usePageTitle } from '../shared/usePageTitle';
import { useStaffQuery } from '../shared/useStaffQuery';
import { LoadState, PageHeading } from '../area/PageHeading';
import { TWO_FACTOR_PATH } from '../stores/two-factor';
import { PASSWORD_MISMATCH } from '../screens/ResetPasswordScreen';
import { TextField } from '../shared/TextField';

function NameForm({ name, onSaved }: { name: string; onSaved(): void }) {
  const [value, setValue] = useState(name);
  const { feedback, errors, saving, submit } = useFieldForm();
  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const saved = await submit(async () => {
      const { user } = await renameOwnAccount(value);
      // The name shown in the CRM's header and signed under mails to students.
      const { token, user: stored, signIn } = useAuth.getState();
      if (token && stored) signIn(token, { ...stored, name: user.name });
      return 'Name saved.';
    });
    if (saved) onSaved();
  }
  return (
    <form className="crm-form" onSubmit={save} noValidate aria-label="Your name">
      <FieldWithError
        id="account-name"
        label="Name"
        required
        maxLength={100}
        value={value}
        onValue={setValue}
        error={errors.name}
        hint="Shown to colleagues and signed under the e-mails you send to students."
      />
      <FormFeedback feedback={feedback} />
      <div>
        <button type="submit" className="crm-button crm-button--primary" disabled={saving || value.trim() === name}>
          Save name
        </button>
      </div>
    </form>
  );
}

function PasswordForm() {
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [cPassword, setCPassword] = useState('');
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password !== cPassword) {
      notify.error(PASSWORD_MISMATCH);
      return;
    }
    setBusy(true);
    try {
      notify.success((await changeOwnPassword({ current_password: current, password, cPassword })).message);
      setCurrent('');
      setPassword('');
      setCPassword('');
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className="crm-form" onSubmit={submit} aria-label="Change password">
      <TextField
        id="account-current"
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={current}
        onValue={setCurrent}
      />
      <TextField id="account-new" label="New password" type="password" autoComplete="new-password" value={password} onValue={setPassword} />
      <TextField
        id="account-confirm"
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        value={cPassword}
        onValue={setCPassword}
      />
      <div>
        <button type="submit" className="crm-button crm-button--primary" disabled={busy}>
          Change password
        </button>
      </div>
    </form>
  );
}

export function AccountPage() {
  usePageTitle('My account');
  const [round, setRound] = useState(0);
  const { data, error, loading } = useStaffQuery((signal) => fetchAccount(signal), `account:${round}`);
  const user = data?.user;
  return (
    <>
      <PageHeading>My account</PageHeading>
      <LoadState loading={loading && !data} error={error} />
      {user ? (
        <section className="crm-card" aria-labelledby="account-heading">
          <h2 id="account-heading">Account</h2>
          <NameForm key={user.name} name={user.name} onSaved={() => setRound((r) => r + 1)} />
          <dl className="crm-details">
            <div>
              <dt>E-mail</dt>
              <dd>{user.email}</dd>
            </div>
            <div>
              <dt>Role</dt>
              <dd>{STAFF_ROLES.find((r) => r.id === user.role)?.title}</dd>
            </div>
            <div>
              <dt>Status</dt>
              <dd>{lookupTitle(STATUSES, user.status)}</dd>
            </div>
          </dl>
        </section>
      ) : null}
      <section className="crm-card" aria-labelledby="password-heading">
        <h2 id="password-heading">Change password</h2>
        <p className="crm-muted">Your other sessions are signed out; this one stays signed in.</p>
        <PasswordForm />
      </section>
      <section className="crm-card" aria-labelledby="two-factor-heading">
        <h2 id="two-factor-heading">Two-factor sign-in</h2>
        <p>A code from an app on your phone after your password, so a stolen password alone is not enough.</p>
        <Link href={TWO_FACTOR_PATH}>Two-factor sign-in settings</Link>
      </section>
    </>
  );
}
