/** One labelled field of a step, with its server message beside it (aria-invalid, aria-describedby). */
import type { ApplicationAnswers } from '../../src/application-contract';
import type { FieldSpec } from './step-fields';

interface Props {
  spec: FieldSpec;
  value: ApplicationAnswers[keyof ApplicationAnswers];
  problem: string | undefined;
  options?: readonly { value: string; label: string }[];
  onChange: (value: string | boolean) => void;
}

export function StepField({ spec, value, problem, options, onChange }: Props) {
  const id = `apply-${spec.name}`;
  const described = [problem ? `${id}-problem` : '', spec.hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  const common = { id, name: spec.name, 'aria-invalid': problem ? true : undefined, 'aria-describedby': described };
  const notes = (
    <>
      {spec.hint ? (
        <span id={`${id}-hint`} className="apply-hint">
          {spec.hint}
        </span>
      ) : null}
      {problem ? (
        <span id={`${id}-problem`} className="apply-problem">
          {problem}
        </span>
      ) : null}
    </>
  );
  const list = options ?? spec.options ?? [];

  if (spec.kind === 'checkbox') {
    return (
      <div className="apply-field apply-field--check">
        <input type="checkbox" {...common} checked={value === true} onChange={(event) => onChange(event.currentTarget.checked)} />
        <label htmlFor={id}>{spec.label}</label>
        {notes}
      </div>
    );
  }
  if (spec.kind === 'radio') {
    return (
      <fieldset className="apply-field apply-field--radios" aria-describedby={described} aria-invalid={problem ? true : undefined}>
        <legend>{spec.label}</legend>
        {list.map((option) => (
          <label key={option.value} className="apply-radio">
            <input
              type="radio"
              name={spec.name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
        {notes}
      </fieldset>
    );
  }
  const text = typeof value === 'string' ? value : '';
  return (
    <div className="apply-field">
      <label htmlFor={id}>{spec.label}</label>
      {spec.kind === 'select' ? (
        <select {...common} value={text} onChange={(event) => onChange(event.currentTarget.value)}>
          <option value="">Choose…</option>
          {list.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          type={spec.kind}
          {...common}
          autoComplete={spec.autoComplete}
          value={text}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      )}
      {notes}
    </div>
  );
}
