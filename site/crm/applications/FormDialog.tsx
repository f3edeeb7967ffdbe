/**
 * A modal <dialog> holding a small form (return a document, release a decision): labelled by its
 * title, focus on its first field when it opens, Escape or Cancel closes it, and focus returns to
 * the button that opened it (the browser does that for showModal()).
 */
import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';

export interface FormDialogProps {
  id: string;
  title: string;
  open: boolean;
  busy: boolean;
  submitLabel: string;
  onSubmit(): void;
  onClose(): void;
  children: ReactNode;
}

export function FormDialog({ id, title, open, busy, submitLabel, onSubmit, onClose, children }: FormDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      element.querySelector<HTMLElement>('select, textarea, input')?.focus();
    } else if (!open && element.open) element.close();
  }, [open]);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const onCancel = (event: Event) => {
      event.preventDefault();
      onClose();
    };
    element.addEventListener('cancel', onCancel);
    return () => element.removeEventListener('cancel', onCancel);
  }, [onClose]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <dialog ref={dialog} className="crm-confirm crm-app-dialog" aria-modal="true" aria-labelledby={`${id}-title`}>
      {open ? (
        <form onSubmit={submit} noValidate>
          <h2 id={`${id}-title`} className="crm-confirm__title">
            {title}
          </h2>
          {children}
          <div className="crm-confirm__actions">
            <button type="button" className="crm-button" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="crm-button crm-button--primary" disabled={busy}>
              {submitLabel}
            </button>
          </div>
        </form>
      ) : null}
    </dialog>
  );
}
