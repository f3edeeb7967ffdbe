/**
 * The form's failure at its top: the message and a link to each field in error. It takes focus when
 * a save fails, so keyboard and screen-reader users hear what went wrong and can jump to the field.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import type { FieldErrors } from '../../../src/field-errors';

export interface SummaryProblem {
  message: string;
  errors: FieldErrors;
  /** Bumped on every failed save, so the same failure twice still takes focus. */
  round: number;
}

export function ErrorSummary({
  problem,
  fieldId,
  labelOf,
  children,
}: {
  problem: SummaryProblem | null;
  fieldId(key: string): string | null;
  labelOf(key: string): string;
  children?: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (problem) ref.current?.focus();
    // Focus moves once per submission (its round), not whenever the problem object is new.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [problem?.round]);
  if (!problem) return null;
  const entries = Object.entries(problem.errors);
  return (
    <div ref={ref} className="crm-error-summary" role="alert" tabIndex={-1}>
      <p className="crm-error-summary__title">{problem.message}</p>
      {entries.length ? (
        <ul>
          {entries.map(([key, message]) => {
            const id = fieldId(key);
            return (
              <li key={key}>
                {id ? (
                  <a href={`#${id}`}>
                    {labelOf(key)}: {message}
                  </a>
                ) : (
                  `${labelOf(key)}: ${message}`
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
      {children}
    </div>
  );
}
