/**
 * A catalogue form's save (the checklist, the enrolment settings): whether it is saving, the
 * problem shown above its button and the field errors beside its fields. `run` clears them, saves,
 * and keeps what a failure says (a 400's field map included, unless `handled` took the failure:
 * a 409 whose answer brings the current record, say).
 */
import { useState } from 'react';
import { ApiError, fieldErrorsOf } from '../../../src/api-client';

export function useSaveState() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  async function run(work: () => Promise<void>, handled: (failure: unknown) => boolean = () => false): Promise<void> {
    setSaving(true);
    setProblem(null);
    setErrors({});
    try {
      await work();
    } catch (failure) {
      setProblem(failure instanceof Error ? failure.message : String(failure));
      if (!handled(failure) && failure instanceof ApiError) setErrors(fieldErrorsOf(failure.body));
    } finally {
      setSaving(false);
    }
  }
  return { errors, setErrors, problem, setProblem, saving, run };
}
