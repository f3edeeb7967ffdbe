/**
 * A request the server refuses until the person confirms something unusual (issue 31): a check-in
 * before the event's day (409 with `early_check_in`), an event start in the past (400 with
 * `past_date`). The request goes as usual; only when the server answers with that mark is the
 * person asked, and on "yes" it goes again with the confirmation. The server's clock decides, so
 * nobody is asked on the event's day, however the device's clock is set.
 */
import { ApiError } from '../../../src/api-client';
import { confirmAction, type ConfirmRequest } from '../shared/confirm';

/** Whether `error` is the server's refusal carrying `mark: true`. */
export function refusedFor(error: unknown, mark: 'early_check_in' | 'past_date'): error is ApiError {
  return (
    error instanceof ApiError &&
    typeof error.body === 'object' &&
    error.body !== null &&
    (error.body as Record<string, unknown>)[mark] === true
  );
}

/**
 * Sends `send(false)`; when refused for `mark`, asks `question` and sends `send(true)` if confirmed.
 * Declined, it resolves null, or throws the refusal when `showRefusal` (a form shows its field
 * message); any other failure is thrown as it came.
 */
export async function confirmAndResend<T>(
  send: (confirmed: boolean) => Promise<T>,
  mark: 'early_check_in' | 'past_date',
  question: (refusal: ApiError) => ConfirmRequest,
  showRefusal = false,
): Promise<T | null> {
  try {
    return await send(false);
  } catch (error) {
    if (!refusedFor(error, mark)) throw error;
    if (await confirmAction(question(error))) return send(true);
    if (showRefusal) throw error;
    return null;
  }
}

/** A check-in (or walk-in) of `name`, asking first when the server says it is before the event's day. */
export const checkingInEarly = <T>(send: (early: boolean) => Promise<T>, name: string) =>
  confirmAndResend(send, 'early_check_in', (refusal) => ({
    title: "Check in before the event's day?",
    message: `${refusal.message} Checking in ${name} now records on their timeline that they attended.`,
    confirmLabel: 'Check in early',
  }));

/** An event save, asking first when the server says its start is in the past; declined, the date's message shows. */
export const savingPastDate = async <T>(send: (confirmed: boolean) => Promise<T>): Promise<T> =>
  (await confirmAndResend(
    send,
    'past_date',
    () => ({
      title: 'This date is in the past. Save anyway?',
      message: 'The event would start before now. Save it with this date only if it really took place then; otherwise correct the date.',
      confirmLabel: 'Save anyway',
    }),
    true,
  )) as T;
