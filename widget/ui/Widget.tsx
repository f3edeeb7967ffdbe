/**
 * The widget's root inside its shadow root: the dialog while open, and the toast region, which
 * stays mounted so a success message outlives the closed form (seed: bottom-left, 5 seconds).
 */
import { useEffect, useState } from 'react';
import { cssTransition, ToastContainer } from 'react-toastify/unstyled';
import type { Attribution } from '../../src/attribution';
import type { WidgetConfig } from '../config';
import type { Controller } from '../controller';
import { InquiryDialog } from './InquiryDialog';

/** Our own enter/exit animations (see toast.css). */
const Fade = cssTransition({ enter: 'ci-toast-in', exit: 'ci-toast-out' });

interface WidgetProps {
  controller: Controller;
  config: WidgetConfig;
  attribution: Attribution;
  navigate: (target: string) => void;
}

export function Widget({ controller, config, attribution, navigate }: WidgetProps) {
  const [request, setRequest] = useState(controller.current);
  useEffect(() => {
    setRequest(controller.current());
    return controller.subscribe(() => setRequest(controller.current()));
  }, [controller]);

  // Focus goes back to whoever opened the form, once it is gone.
  useEffect(() => {
    if (!request) return;
    const opener = request.opener;
    return () => {
      if (opener?.isConnected && !controller.current()) opener.focus();
    };
  }, [request?.opener, request === null]);

  const onSuccess = (target: string) => {
    controller.close();
    navigate(target);
  };

  return (
    <>
      {request && (
        <InquiryDialog key={request.id} request={request} config={config} attribution={attribution} onClose={controller.close} onSuccess={onSuccess} />
      )}
      <ToastContainer position="bottom-left" autoClose={5000} transition={Fade} newestOnTop limit={3} />
    </>
  );
}
