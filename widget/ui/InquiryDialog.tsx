/**
 * The modal around the form: a native <dialog> opened with showModal(), so it sits in the
 * browser's top layer above anything the host page draws (whatever its z-index) and the page
 * behind it is inert. Labelled by its title, left-to-right English whatever the page's
 * direction; Escape (the dialog's cancel) closes it; Tab stays inside; focus goes to the first
 * field on open (and back to the opener on close, see Widget). It holds the Student Inquiry
 * Form (open()) or an event's registration form (register(); its code comes from its own chunk,
 * see useRegistrationForm), each with all of the above.
 */
import { useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import { isRegistration, type OpenRequest } from '../controller';
import { lockPageScroll } from '../scroll-lock';
import { trapTab } from './focus';
import { InquiryForm, type FormServices } from './InquiryForm';
import { Toasts } from './Toasts';
import type { RegistrationFormComponent } from './useRegistrationForm';

/** The registration dialog's accessible name (the event's own title is its first heading inside). */
export const REGISTRATION_TITLE = 'Event Registration';

interface InquiryDialogProps {
  request: OpenRequest;
  /** The registration form, once its chunk is here (Widget shows a registration only then). */
  registrationForm: RegistrationFormComponent | null;
  services: FormServices;
  onClose: () => void;
  onSuccess: (target: string) => void;
}

export function InquiryDialog({ request, registrationForm: RegistrationForm, services, onClose, onSuccess }: InquiryDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  /** False once this form is gone: its dialog's late 'close' event must not close the next form. */
  const current = useRef(true);

  // A layout effect: the dialog enters the top layer before the toast region's (plain) effect
  // shows that popover, so the toasts are drawn above the dialog.
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const unlock = lockPageScroll(document);
    if (!element.open) element.showModal();
    element.querySelector<HTMLElement>('#ci-first_name')?.focus();
    return () => {
      current.current = false;
      if (element.open) element.close();
      unlock();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Tab' && dialog.current) trapTab(event.nativeEvent, dialog.current);
  };

  return (
    <dialog
      ref={dialog}
      className="ci-dialog"
      aria-labelledby="ci-title"
      dir="ltr"
      lang="en"
      onKeyDown={onKeyDown}
      // Escape: close through the controller (which resets the form), not only the element.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // The browser may close a modal dialog itself (a repeated Escape skips 'cancel' without a
      // user activation in between): follow it, so the form never stays open invisibly. The
      // event comes a task later, also after our own close() on unmount: by then a new form may
      // be open, which it must leave alone.
      onClose={() => {
        if (current.current) onClose();
      }}
    >
      <div className="ci-header">
        <h2 className="ci-title" id="ci-title">
          {isRegistration(request) ? REGISTRATION_TITLE : 'Student Inquiry Form'}
        </h2>
      </div>
      {isRegistration(request) ? (
        RegistrationForm && <RegistrationForm request={request} {...services} onClose={onClose} onSuccess={onSuccess} />
      ) : (
        <InquiryForm request={request} {...services} onClose={onClose} onSuccess={onSuccess} />
      )}
      <Toasts store={services.toasts} dialog />
    </dialog>
  );
}
