/**
 * The widget's root inside its shadow root: the dialog while open, and the toast region while it
 * is closed, so a success message outlives the form (seed: bottom-left, 5 seconds). While the
 * form is open its toast region is inside the dialog (see Toasts: both are in the top layer).
 * A registration's dialog waits for the registration form's chunk (useRegistrationForm).
 */
import { useEffect, useState } from 'react';
import { isRegistration, type Controller } from '../controller';
import { InquiryDialog } from './InquiryDialog';
import type { FormServices } from './InquiryForm';
import { Toasts } from './Toasts';
import { useRegistrationForm } from './useRegistrationForm';

interface WidgetProps {
  controller: Controller;
  services: FormServices;
  navigate: (target: string) => void;
}

export function Widget({ controller, services, navigate }: WidgetProps) {
  const [request, setRequest] = useState(controller.current);
  useEffect(() => {
    setRequest(controller.current());
    return controller.subscribe(() => setRequest(controller.current()));
  }, [controller]);

  // The effects below run per form (its opener, its id), not per render of the same form; and
  // `controller.current()` is the controller's method, not a React ref.
  /* eslint-disable react-hooks/exhaustive-deps */
  // Focus goes back to whoever opened the form, once it is gone.
  useEffect(() => {
    if (!request) return;
    const opener = request.opener;
    return () => {
      if (opener?.isConnected && !controller.current()) opener.focus();
    };
  }, [request?.opener, request === null]);

  // A new form starts without the previous one's messages.
  useEffect(() => {
    if (request) services.toasts.clear();
  }, [request?.id]);
  /* eslint-enable react-hooks/exhaustive-deps */

  const registration = request && isRegistration(request);
  const registrationForm = useRegistrationForm(registration ? request.id : null);

  const onSuccess = (target: string) => {
    controller.close();
    navigate(target);
  };

  return request && (!registration || registrationForm) ? (
    <InquiryDialog
      key={request.id}
      request={request}
      registrationForm={registrationForm}
      services={services}
      onClose={controller.close}
      onSuccess={onSuccess}
    />
  ) : (
    <Toasts store={services.toasts} />
  );
}
