/** The fee list of the contract-terms editor (issue 34): one group of labelled fields per fee; amounts typed in dollars. */
import { SelectField, TextField } from './fields';
import type { FeeRow } from './contract-terms-form';

const KIND_CHOICES = [
  { value: 'compulsory', label: 'Compulsory' },
  { value: 'optional', label: 'Optional' },
];
const APPLIES_CHOICES = [
  { value: 'all', label: 'All students' },
  { value: 'local', label: 'Local students' },
  { value: 'international', label: 'International students' },
];

export function ProgramFeesFields(props: {
  fees: FeeRow[];
  errors: Record<string, string>;
  onFee(key: string, patch: Partial<FeeRow>): void;
  onRemove(key: string): void;
}) {
  const { fees, errors, onFee, onRemove } = props;
  return (
    <>
      <h3 id="terms-fees-heading">Fees (Canadian dollars)</h3>
      <p className="crm-muted">
        Every fee the program publishes, in dollars and cents. Leave an amount blank while it is not known: a fee without an amount blocks
        contracts.
      </p>
      {fees.length === 0 ? <p>No fees are listed yet.</p> : null}
      <ol className="crm-terms__fees" aria-labelledby="terms-fees-heading">
        {fees.map((fee, index) => {
          const n = index + 1;
          const name = fee.label.trim() || `fee ${n}`;
          return (
            <li key={fee.key} className="crm-terms__fee">
              <TextField
                id={`${fee.key}-label`}
                label={`Name of fee ${n}`}
                value={fee.label}
                maxLength={120}
                error={errors[`fees.${index}.label`]}
                onValue={(v) => onFee(fee.key, { label: v })}
              />
              <TextField
                id={`${fee.key}-amount`}
                label={`Amount of fee ${n} (CAD)`}
                value={fee.amount}
                error={errors[`fees.${index}.amount_cents`]}
                onValue={(v) => onFee(fee.key, { amount: v })}
              />
              <SelectField
                id={`${fee.key}-kind`}
                label={`Kind of fee ${n}`}
                value={fee.kind}
                choices={KIND_CHOICES}
                onValue={(v) => onFee(fee.key, { kind: v as FeeRow['kind'] })}
              />
              <SelectField
                id={`${fee.key}-applies`}
                label={`Fee ${n} applies to`}
                value={fee.applies_to}
                choices={APPLIES_CHOICES}
                onValue={(v) => onFee(fee.key, { applies_to: v as FeeRow['applies_to'] })}
              />
              <button
                type="button"
                className="crm-button crm-button--danger"
                onClick={() => {
                  onRemove(fee.key);
                }}
              >
                Remove<span className="crm-visually-hidden"> {name}</span>
              </button>
            </li>
          );
        })}
      </ol>
    </>
  );
}
