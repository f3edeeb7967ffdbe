/**
 * Asking before a destructive action: `confirmAction({...})` opens the CRM's one confirm dialog
 * (ConfirmDialog, mounted once in CrmApp) and resolves true when the person confirms, false when
 * they cancel (button or Escape). Only one question is open at a time; a second one while the
 * first is open answers false at once, so a double click cannot stack dialogs.
 */
import { create } from 'zustand';

export interface ConfirmRequest {
  /** The question, naming the thing: "Deactivate Jane Doe?" */
  title: string;
  /** What will happen, in plain words. */
  message: string;
  /** The confirming button's text: the action's own verb ("Deactivate"), never "OK". */
  confirmLabel: string;
}

interface Pending extends ConfirmRequest {
  resolve(confirmed: boolean): void;
  /** Where focus was when the question was asked: it goes back there afterwards. */
  returnFocus: HTMLElement | null;
}

interface ConfirmState {
  pending: Pending | null;
  answer(confirmed: boolean): void;
}

export const useConfirm = create<ConfirmState>()((set, get) => ({
  pending: null,
  answer(confirmed) {
    const pending = get().pending;
    if (!pending) return;
    set({ pending: null });
    pending.resolve(confirmed);
    // After the dialog has closed, so the element is focusable again.
    queueMicrotask(() => {
      if (pending.returnFocus?.isConnected) pending.returnFocus.focus();
    });
  },
}));

export function confirmAction(request: ConfirmRequest): Promise<boolean> {
  if (useConfirm.getState().pending) return Promise.resolve(false);
  const active = document.activeElement;
  return new Promise((resolve) => {
    useConfirm.setState({ pending: { ...request, resolve, returnFocus: active instanceof HTMLElement ? active : null } });
  });
}
