/** Two-factor sign-in when it is on: new recovery codes, turning it off, and the college-wide rule. */
import { useState, type FormEvent } from 'react';
import { notify } from '../../shared/notify';
import type { RecoveryCodesAnswer, TwoFactorStatus } from '../../../../src/contract';
import { errorMessage } from '../../shared/api';
import { disableTwoFactor, replaceRecoveryCodes, setTwoFactorRequired } from '../../shared/two-factor-api';
import { PasswordForm } from './PasswordForm';

function RequireForEveryone({ status, onChanged }: { status: TwoFactorStatus; onChanged(): void }) {
  const [required, setRequired] = useState(status.required);
  const [busy, setBusy] = useState(false);
  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      await setTwoFactorRequired(required);
      notify.success(required ? 'Two-factor sign-in is now required for every staff account.' : 'Two-factor sign-in is now optional.');
      onChanged();
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }
  return (
    <section className="crm-card" aria-labelledby="policy-heading">
      <h2 id="policy-heading">For every staff account</h2>
      <p className="crm-muted">When required, staff who have not set it up can only set it up after signing in.</p>
      <form className="crm-form crm-form--narrow" onSubmit={save}>
        <label className="crm-check">
          <input type="checkbox" checked={required} onChange={(e) => setRequired(e.currentTarget.checked)} />
          Require two-factor sign-in for every staff account
        </label>
        <button type="submit" className="crm-button" disabled={busy || required === status.required} aria-busy={busy}>
          Save
        </button>
      </form>
    </section>
  );
}

interface ManageProps {
  status: TwoFactorStatus;
  onChanged(): void;
  onCodes(answer: RecoveryCodesAnswer): void;
}

export function TwoFactorManage({ status, onChanged, onCodes }: ManageProps) {
  return (
    <>
      <section className="crm-card" aria-labelledby="recovery-heading">
        <h2 id="recovery-heading">Recovery codes</h2>
        <p>
          You have <strong>{status.recoveryCodesLeft}</strong> unused recovery codes. New codes replace all the old ones.
        </p>
        <PasswordForm action="Get new recovery codes" onSubmit={async (password) => onCodes(await replaceRecoveryCodes(password))} />
      </section>
      <section className="crm-card" aria-labelledby="disable-heading">
        <h2 id="disable-heading">Turn off two-factor sign-in</h2>
        {status.required ? (
          <p className="crm-muted">The college requires two-factor sign-in for every staff account, so it cannot be turned off.</p>
        ) : (
          <PasswordForm
            action="Turn off two-factor sign-in"
            danger
            onSubmit={async (password) => {
              notify.success((await disableTwoFactor(password)).message);
              onChanged();
            }}
          />
        )}
      </section>
      {status.canSetRequirement ? <RequireForEveryone status={status} onChanged={onChanged} /> : null}
    </>
  );
}
