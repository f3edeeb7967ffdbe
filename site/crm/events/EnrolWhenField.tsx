/**
 * A sequence rule's trigger (issue 24): a new lead arriving (no `event_outcome`, the default), or
 * attendance recorded at an event ('attended' at check-in, 'no_show' once the event ended without one).
 */
import type { EnrolRule } from '../../../src/sequences-contract';

type Outcome = NonNullable<EnrolRule['event_outcome']>;

const CHOICES: { value: Outcome | ''; label: string }[] = [
  { value: '', label: 'a new lead arrives' },
  { value: 'attended', label: 'the lead attended an event' },
  { value: 'no_show', label: 'the lead did not attend an event they registered for' },
];

/** The rules with the trigger set on the first (the editor has one rule); an empty rule is dropped. */
export function withOutcome(rules: EnrolRule[], outcome: Outcome | undefined): EnrolRule[] {
  const { event_outcome: _old, ...rest } = rules[0] ?? {};
  const next: EnrolRule = outcome ? { ...rest, event_outcome: outcome } : rest;
  return Object.keys(next).length ? [next, ...rules.slice(1)] : rules.slice(1);
}

export function EnrolWhenField({ value, onChange }: { value: Outcome | undefined; onChange(outcome: Outcome | undefined): void }) {
  return (
    <fieldset className="crm-multi">
      <legend>Enrol when</legend>
      <div className="crm-multi__options">
        {CHOICES.map((choice) => (
          <label key={choice.value || 'new'} className="crm-check">
            <input
              type="radio"
              name="sequence-enrol-when"
              value={choice.value}
              checked={(value ?? '') === choice.value}
              onChange={() => onChange(choice.value || undefined)}
            />
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
