/**
 * The outcome of a form's last attempt, shown beside the form as well as in the seed's toast, so
 * the answer is where the person is looking. A new attempt clears it (no stale red error next to
 * a later green success).
 */
import { useCallback, useState } from 'react';
import { notify } from './notify';

export interface Feedback {
  kind: 'success' | 'error';
  message: string;
}

export function FormFeedback({ feedback, id }: { feedback: Feedback | null; id?: string }) {
  if (!feedback) return null;
  const error = feedback.kind === 'error';
  return (
    <p id={id} className={`crm-feedback crm-feedback--${feedback.kind}`} role={error ? 'alert' : 'status'}>
      <span aria-hidden="true" className="crm-feedback__icon">
        {error ? '⚠' : '✓'}
      </span>{' '}
      {feedback.message}
    </p>
  );
}

/** The feedback state of a form, with the toast sent alongside (requirements R-error-toasts) in one call. */
export function useFormFeedback() {
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const clear = useCallback(() => setFeedback(null), []);
  const succeed = useCallback((message: string) => {
    notify.success(message);
    setFeedback({ kind: 'success', message });
  }, []);
  const fail = useCallback((message: string) => {
    notify.error(message);
    setFeedback({ kind: 'error', message });
  }, []);
  return { feedback, clear, succeed, fail };
}
