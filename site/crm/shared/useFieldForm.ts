/**
 * A CRM form that sends its fields in one request: while it runs, `saving` (the button is
 * disabled); on a 400, the server's field messages beside their fields; and the outcome beside
 * the form and in a toast (FormFeedback). `submit` resolves whether the request succeeded.
 */
import { useCallback, useState } from 'react';
import { ApiError, fieldErrorsOf } from '../../../src/api-client';
import type { FieldErrors } from '../../../src/field-errors';
import { errorMessage } from './api';
import { useFormFeedback } from './FormFeedback';

export function useFieldForm() {
  const { feedback, clear, succeed, fail } = useFormFeedback();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);

  /** Runs the request; `run` resolves the success message to show. */
  const submit = useCallback(
    async (run: () => Promise<string>): Promise<boolean> => {
      clear();
      setErrors({});
      setSaving(true);
      try {
        succeed(await run());
        return true;
      } catch (error) {
        if (error instanceof ApiError && error.status === 400) setErrors(fieldErrorsOf(error.body));
        fail(errorMessage(error));
        return false;
      } finally {
        setSaving(false);
      }
    },
    [clear, succeed, fail],
  );

  return { feedback, errors, saving, submit };
}
