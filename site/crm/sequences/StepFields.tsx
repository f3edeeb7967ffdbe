/** One step of the sequence editor: its kind and that kind's fields, with move and remove buttons. */
import type { SequenceStep } from '../../../src/sequences-contract';
import { ACTIVITY_TYPES, type ActivityTypeId } from '../../../src/lookups';
import { LookupSelect } from './LookupSelect';

interface Props {
  step: SequenceStep;
  index: number;
  count: number;
  templates: { id: string; name: string }[];
  onChange(step: SequenceStep): void;
  onMove(by: -1 | 1): void;
  onRemove(): void;
}

function withKind(step: SequenceStep, kind: SequenceStep['kind'], templates: Props['templates']): SequenceStep {
  const id = step.id ? { id: step.id } : {};
  if (kind === 'email') return { ...id, kind, template_id: templates[0]?.id ?? '' };
  if (kind === 'task') return { ...id, kind, task_type: 1, subject: '' };
  return { ...id, kind, days: 1 };
}

export function StepFields({ step, index, count, templates, onChange, onMove, onRemove }: Props) {
  const name = `Step ${index + 1}`;
  const field = (part: string) => `sequence-step-${index}-${part}`;
  return (
    <fieldset className="crm-sequence-step">
      <legend>{name}</legend>
      <div className="crm-field">
        <label htmlFor={field('kind')}>What it does</label>
        <select
          id={field('kind')}
          value={step.kind}
          onChange={(e) => onChange(withKind(step, e.currentTarget.value as SequenceStep['kind'], templates))}
        >
          <option value="email">Send an e-mail template</option>
          <option value="task">Create a task for the owner</option>
          <option value="wait">Wait business days</option>
        </select>
      </div>
      {step.kind === 'email' ? (
        <div className="crm-field">
          <label htmlFor={field('template')}>Template</label>
          <select
            id={field('template')}
            required
            value={step.template_id}
            onChange={(e) => onChange({ ...step, template_id: e.currentTarget.value })}
          >
            <option value="">Choose a template</option>
            {templates.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {step.kind === 'task' ? (
        <>
          <LookupSelect
            label="Task type"
            id={field('type')}
            value={step.task_type}
            options={ACTIVITY_TYPES}
            onChange={(value) => onChange({ ...step, task_type: (value ?? 1) as ActivityTypeId })}
          />
          <div className="crm-field">
            <label htmlFor={field('subject')}>Subject</label>
            <input
              id={field('subject')}
              required
              maxLength={200}
              value={step.subject}
              onInput={(e) => onChange({ ...step, subject: e.currentTarget.value })}
            />
          </div>
        </>
      ) : null}
      {step.kind === 'wait' ? (
        <div className="crm-field">
          <label htmlFor={field('days')}>Business days</label>
          <input
            id={field('days')}
            type="number"
            min={1}
            max={90}
            required
            value={step.days}
            onInput={(e) => onChange({ ...step, days: Number(e.currentTarget.value) })}
          />
        </div>
      ) : null}
      <div className="crm-inline">
        <button type="button" className="crm-button" aria-label={`Move ${name} up`} disabled={index === 0} onClick={() => onMove(-1)}>
          Up
        </button>
        <button
          type="button"
          className="crm-button"
          aria-label={`Move ${name} down`}
          disabled={index === count - 1}
          onClick={() => onMove(1)}
        >
          Down
        </button>
        <button type="button" className="crm-button" aria-label={`Remove ${name}`} disabled={count === 1} onClick={onRemove}>
          Remove
        </button>
      </div>
    </fieldset>
  );
}
