/**
 * A "current password, then one button" form: every change to an account's sign-in factors asks
 * for the password again. The caller's action runs with it; its error is toasted.
 */
import { useId, useState, type FormEvent } from 'react';
import { notify } from '../../shared/notify';
import { errorMessage } from '../../shared/api';

interface Props {
  action: string;
  onSubmit(password: string): Promise<void>;
  danger?: boolean;
}

export function PasswordForm({ action, onSubmit, danger = false }: Props) {
  const id = useId();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      await onSubmit(password);
      setPassword('');
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="crm-form crm-form--narrow" onSubmit={submit}>
      <div className="crm-field">
        <label htmlFor={id}>Current password</label>
        <input
          id={id}
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onInput={(e) => setPassword(e.currentTarget.value)}
        />
      </div>
      <button type="submit" className={`crm-button${danger ? '' : ' crm-button--primary'}`} disabled={busy} aria-busy={busy}>
        {action}
      </button>
    </form>
  );
}
