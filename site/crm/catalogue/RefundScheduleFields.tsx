/**
 * The partial-refund schedule in the enrolment settings (issue 34): steps of "up to this share of
 * the hours delivered, this share of the fees refunded", typed by an admin from the regulation
 * with its section. No steps: no schedule (refunds after the start are completed by staff).
 */
import type { RefundScheduleStep } from '../../../src/program-terms-contract';
import { TextField } from './fields';

export interface StepRow {
  key: string;
  hours: string;
  refund: string;
}

let counter = 0;
const newKey = () => `step-${(counter += 1)}`;

export const stepsOf = (schedule: RefundScheduleStep[] | null): StepRow[] =>
  (schedule ?? []).map((s) => ({ key: newKey(), hours: String(s.up_to_percent_of_hours), refund: String(s.refund_percent) }));

const PERCENT = 'Please enter a whole percentage from 0 to 100.';
const percentOf = (typed: string): number | null => {
  const value = Number(typed.trim());
  return typed.trim() !== '' && Number.isInteger(value) && value >= 0 && value <= 100 ? value : null;
};

/** The schedule to save (null with no steps), or the steps' field errors. */
export function scheduleOf(rows: StepRow[]): { steps: RefundScheduleStep[] | null } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const steps = rows.map((row, index) => {
    const hours = percentOf(row.hours);
    const refund = percentOf(row.refund);
    if (hours === null) errors[`refund_schedule.${index}.up_to_percent_of_hours`] = PERCENT;
    if (refund === null) errors[`refund_schedule.${index}.refund_percent`] = PERCENT;
    return { up_to_percent_of_hours: hours ?? 0, refund_percent: refund ?? 0 };
  });
  if (Object.keys(errors).length > 0) return { errors };
  return { steps: steps.length > 0 ? steps : null };
}

export function RefundScheduleFields(props: {
  steps: StepRow[];
  source: string;
  errors: Record<string, string>;
  onSteps(steps: StepRow[]): void;
  onSource(source: string): void;
}) {
  const { steps, source, errors, onSteps, onSource } = props;
  const change = (key: string, patch: Partial<StepRow>) => onSteps(steps.map((s) => (s.key === key ? { ...s, ...patch } : s)));
  return (
    <fieldset className="crm-terms__schedule">
      <legend>Partial-refund schedule</legend>
      <p className="crm-muted">
        Copy the schedule from the regulation, lowest share of hours first, ending at 100 %. Until one is saved, a withdrawal after the
        start creates a refund task showing the earned fees for staff to complete.
      </p>
      {errors.refund_schedule ? <p className="crm-field-error">{errors.refund_schedule}</p> : null}
      {steps.length === 0 ? <p>No schedule is configured.</p> : null}
      <ol className="crm-terms__steps">
        {steps.map((step, index) => (
          <li key={step.key} className="crm-terms__step">
            <TextField
              id={`${step.key}-hours`}
              label={`Step ${index + 1}: up to this % of hours delivered`}
              type="number"
              min={0}
              max={100}
              value={step.hours}
              error={errors[`refund_schedule.${index}.up_to_percent_of_hours`]}
              onValue={(v) => change(step.key, { hours: v })}
            />
            <TextField
              id={`${step.key}-refund`}
              label={`Step ${index + 1}: % of fees refunded`}
              type="number"
              min={0}
              max={100}
              value={step.refund}
              error={errors[`refund_schedule.${index}.refund_percent`]}
              onValue={(v) => change(step.key, { refund: v })}
            />
            <button
              type="button"
              className="crm-button crm-button--danger"
              onClick={() => onSteps(steps.filter((s) => s.key !== step.key))}
            >
              Remove<span className="crm-visually-hidden"> step {index + 1}</span>
            </button>
          </li>
        ))}
      </ol>
      <button type="button" className="crm-button" onClick={() => onSteps([...steps, { key: newKey(), hours: '', refund: '' }])}>
        Add a step
      </button>
      <TextField
        id="settings-schedule-source"
        label="Source of the schedule"
        hint='The section of the regulation, for example "O. Reg. 415/06, s. 27". Needed with a schedule.'
        value={source}
        maxLength={200}
        error={errors.refund_schedule_source}
        onValue={onSource}
      />
    </fieldset>
  );
}
