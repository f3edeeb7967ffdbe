/**
 * Runs a catalogue save and sorts out its answer: success (toasted), per-field errors from the
 * server's `errors` map, or a version conflict (409) with the item as it now is, so the screen can
 * offer to load it instead of silently discarding what the person typed.
 */
import { notify } from '../shared/notify';
import { ApiError, fieldErrorsOf } from '../../../src/api-client';
import type { FieldErrors } from '../../../src/field-errors';
import { errorMessage } from '../shared/api';

export type SaveOutcome<T> = { ok: true; value: T } | { ok: false; message: string; errors: FieldErrors; conflict: boolean; body: unknown };

export async function trySave<T>(save: () => Promise<T>, success: string): Promise<SaveOutcome<T>> {
  try {
    const value = await save();
    notify.success(success);
    return { ok: true, value };
  } catch (error) {
    const message = errorMessage(error);
    const conflict = error instanceof ApiError && error.status === 409;
    const errors = error instanceof ApiError ? fieldErrorsOf(error.body) : {};
    // Field errors and conflicts are shown on the form itself; anything else is toasted as well.
    if (!conflict && !Object.keys(errors).length) notify.error(message);
    return { ok: false, message, errors, conflict, body: error instanceof ApiError ? error.body : null };
  }
}

/** The error for a field: its own, or one reported on a part of it (e.g. `admission.domestic.2`). */
export function errorFor(errors: FieldErrors, key: string): string | undefined {
  if (errors[key]) return errors[key];
  const prefix = `${key}.`;
  return Object.entries(errors).find(([k]) => k.startsWith(prefix))?.[1];
}

/** The item as it now is, from a 409 answer (`{ message, current }`). */
export function currentOf<T>(body: unknown): T | null {
  const current = (body as { current?: unknown } | null)?.current;
  return current && typeof current === 'object' ? (current as T) : null;
}
