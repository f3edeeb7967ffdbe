/**
 * Turning two-factor sign-in on: the current password, then a QR code (and the key, for typing
 * by hand) to add to an authenticator app, then the app's first code, then the recovery codes.
 */
import { useState, type FormEvent } from 'react';
import { notify } from '../../shared/notify';
import type { RecoveryCodesAnswer, TwoFactorSetupAnswer } from '../../../../src/contract';
import { errorMessage } from '../../shared/api';
import { confirmTwoFactor, startTwoFactorSetup } from '../../shared/two-factor-api';
import { useTwoFactorGate } from '../../stores/two-factor';
import { PasswordForm } from './PasswordForm';

/** "ABCD EFGH …": the key in groups of four is easier to type. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

function ScanStep({ setup, onConfirmed }: { setup: TwoFactorSetupAnswer; onConfirmed(answer: RecoveryCodesAnswer): void }) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      onConfirmed(await confirmTwoFactor(code));
    } catch (error) {
      notify.error(errorMessage(error));
      setCode('');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="crm-card" aria-labelledby="scan-heading">
      <h2 id="scan-heading">Add the college to your authenticator app</h2>
      <ol className="crm-steps">
        <li>Open an authenticator app (for example Google Authenticator, Microsoft Authenticator or 1Password) and scan this code.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <img className="crm-qr" src={setup.qrCode} width={200} height={200} alt="QR code to scan with your authenticator app" />
      <p>
        Can’t scan it? Enter this key in the app: <code className="crm-secret">{grouped(setup.secret)}</code>
      </p>
      <form className="crm-form crm-form--narrow" onSubmit={submit}>
        <div className="crm-field">
          <label htmlFor="setup-code">Code from the app</label>
          <input
            id="setup-code"
            autoComplete="one-time-code"
            inputMode="numeric"
            required
            value={code}
            onInput={(e) => setCode(e.currentTarget.value)}
          />
        </div>
        <button type="submit" className="crm-button crm-button--primary" disabled={busy} aria-busy={busy}>
          Turn on
        </button>
      </form>
    </section>
  );
}

/** `onCodes` receives the recovery codes once the first code turned it on. */
export function TwoFactorSetup({ onCodes }: { onCodes(answer: RecoveryCodesAnswer): void }) {
  const [setup, setSetup] = useState<TwoFactorSetupAnswer | null>(null);

  if (setup) {
    return (
      <ScanStep
        setup={setup}
        onConfirmed={(answer) => {
          useTwoFactorGate.getState().setSetupRequired(false);
          onCodes(answer);
        }}
      />
    );
  }
  return (
    <section className="crm-card" aria-labelledby="setup-heading">
      <h2 id="setup-heading">Set up two-factor sign-in</h2>
      <p>After your password, signing in will also ask for a code from an app on your phone, so a stolen password alone is not enough.</p>
      <PasswordForm action="Set up two-factor sign-in" onSubmit={async (password) => setSetup(await startTwoFactorSetup(password))} />
    </section>
  );
}
