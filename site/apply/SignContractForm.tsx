/** The student's signature (issue 34): every acknowledgement ticked, the full legal name typed, then "Sign the contract". */
import { useState, type FormEvent } from 'react';
import { ApiError, fieldErrorsOf } from '../../src/api-client';
import type { ContractView } from '../../src/enrolment-contract';
import { signContract } from './contract-api';
import { Problem } from './Problem';

export function SignContractForm({ contract, onSigned }: { contract: ContractView; onSigned: (next: ContractView | null) => void }) {
  const [ticked, setTicked] = useState<string[]>([]);
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    const next: Record<string, string> = {};
    for (const a of contract.acknowledgements) if (!ticked.includes(a.key)) next[`ack_${a.key}`] = 'Please tick this acknowledgement.';
    if (name.trim().length < 2) next.name = 'Please type your full legal name.';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    try {
      onSigned((await signContract(contract, name.trim(), ticked)).contract);
    } catch (error) {
      if (error instanceof ApiError) setErrors(fieldErrorsOf(error.body));
      setProblem(error instanceof ApiError ? error.message : 'Something went wrong. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="apply-card apply-sign" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="apply-sign-title">
      <h3 id="apply-sign-title">Sign the contract</h3>
      <fieldset>
        <legend>Acknowledgements</legend>
        {contract.acknowledgements.map((a) => {
          const error = errors[`ack_${a.key}`];
          return (
            <div key={a.key} className="apply-field apply-field--check">
              <input
                id={`ack-${a.key}`}
                type="checkbox"
                checked={ticked.includes(a.key)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `ack-${a.key}-error` : undefined}
                onChange={(e) => setTicked((all) => (e.currentTarget.checked ? [...all, a.key] : all.filter((k) => k !== a.key)))}
              />
              <label htmlFor={`ack-${a.key}`}>{a.text}</label>
              {error ? (
                <p id={`ack-${a.key}-error`} className="apply-problem">
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
      </fieldset>
      <div className="apply-field">
        <label htmlFor="sign-name">Your full legal name</label>
        <input
          id="sign-name"
          type="text"
          autoComplete="name"
          value={name}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? 'sign-name-error' : 'sign-name-hint'}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <p id="sign-name-hint" className="apply-hint">
          Typing your name and pressing the button signs this contract, as a signature on paper would.
        </p>
        {errors.name ? (
          <p id="sign-name-error" className="apply-problem">
            {errors.name}
          </p>
        ) : null}
      </div>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        Sign the contract
      </button>
      <Problem>{problem}</Problem>
    </form>
  );
}
