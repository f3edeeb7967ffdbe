/**
 * The submit of the forgot-password and reset-password screens (requirements R-screens, R-states, R-errors, R-constants): the button is
 * busy while the request runs and re-enabled at the end; success shows the server's message, then
 * after REDIRECT_DELAY_MS moves to /crm/login; an error shows its message. `refusal` names a
 * problem found before sending (then nothing is sent).
 */
import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { errorMessage } from '../shared/api';
import { useFormFeedback } from '../shared/FormFeedback';
import { REDIRECT_DELAY_MS } from './timing';
import { useLater } from './useLater';

export function useSubmitThenLogin(send: () => Promise<{ message: string }>, refusal: () => string | null = () => null) {
  const [, navigate] = useLocation();
  const later = useLater();
  const [busy, setBusy] = useState(false);
  const { feedback, clear, succeed, fail } = useFormFeedback();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    clear();
    const problem = refusal();
    if (problem) {
      fail(problem);
      return;
    }
    setBusy(true);
    try {
      const answer = await send();
      succeed(answer.message);
      later(() => navigate('/login'), REDIRECT_DELAY_MS);
    } catch (error) {
      fail(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return { busy, feedback, submit };
}
