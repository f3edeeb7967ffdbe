/**
 * The confirm dialog behind confirmAction(): a modal <dialog> with role alertdialog, labelled by
 * its question and described by what will happen. Focus starts on Cancel (the safe choice), Tab
 * stays inside, Escape cancels, and focus returns to where it was (confirm.ts).
 */
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useConfirm } from './confirm';

export function ConfirmDialog() {
  const pending = useConfirm((state) => state.pending);
  const answer = useConfirm((state) => state.answer);
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (pending && !element.open) {
      element.showModal();
      cancel.current?.focus();
    } else if (!pending && element.open) element.close();
  }, [pending]);

  // Escape fires `cancel` on a modal dialog: answer it ourselves so the promise always settles.
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const onCancel = (event: Event) => {
      event.preventDefault();
      answer(false);
    };
    element.addEventListener('cancel', onCancel);
    return () => element.removeEventListener('cancel', onCancel);
  }, [answer]);

  function keepFocusInside(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'Tab') return;
    const buttons = [...(dialog.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const first = buttons[0];
    const last = buttons[buttons.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  }

  return (
    <dialog
      ref={dialog}
      className="crm-confirm"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="crm-confirm-title"
      aria-describedby="crm-confirm-message"
      onKeyDown={keepFocusInside}
    >
      {pending ? (
        <>
          <h2 id="crm-confirm-title" className="crm-confirm__title">
            {pending.title}
          </h2>
          <p id="crm-confirm-message" className="crm-confirm__message">
            {pending.message}
          </p>
          <div className="crm-confirm__actions">
            <button ref={cancel} type="button" className="crm-button" onClick={() => answer(false)}>
              Cancel
            </button>
            <button type="button" className="crm-button crm-button--destructive" onClick={() => answer(true)}>
              {pending.confirmLabel}
            </button>
          </div>
        </>
      ) : null}
    </dialog>
  );
}
