/**
 * Runs a save and toasts its outcome. A 409 (someone else saved first) is explained and the
 * screen reloads, so the person sees the other change before trying again.
 */
import { notify } from '../shared/notify';
import { ApiError } from '../../../src/api-client';
import { errorMessage } from '../shared/api';

export async function saveWithConflict(save: () => Promise<unknown>, success: string, reload: () => void): Promise<boolean> {
  try {
    await save();
    notify.success(success);
    reload();
    return true;
  } catch (error) {
    notify.error(errorMessage(error));
    if (error instanceof ApiError && error.status === 409) reload();
    return false;
  }
}
