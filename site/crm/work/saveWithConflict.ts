/**
 * Runs a save and toasts its outcome. A 409 (someone else saved first) is explained and the
 * screen reloads, so the person sees the other change before trying again.
 */
import { toast } from 'react-toastify/unstyled';
import { ApiError } from '../../../src/api-client';
import { errorMessage } from '../shared/api';

export async function saveWithConflict(save: () => Promise<unknown>, success: string, reload: () => void): Promise<boolean> {
  try {
    await save();
    toast.success(success);
    reload();
    return true;
  } catch (error) {
    toast.error(errorMessage(error));
    if (error instanceof ApiError && error.status === 409) reload();
    return false;
  }
}
