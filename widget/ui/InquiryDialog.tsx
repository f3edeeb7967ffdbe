/**
 * The modal around the form: a labelled dialog (role, aria-modal, its title), focus moved in on
 * open, Tab kept inside, Escape to close, focus handed back to the opener on close.
 */
import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { Attribution } from '../../src/attribution';
import type { WidgetConfig } from '../config';
import type { OpenRequest } from '../controller';
import { trapTab } from './focus';
import { InquiryForm } from './InquiryForm';

interface InquiryDialogProps {
  request: OpenRequest;
  config: WidgetConfig;
  attribution: Attribution;
  onClose: () => void;
  onSuccess: (target: string) => void;
}

export function InquiryDialog({ request, config, attribution, onClose, onSuccess }: InquiryDialogProps) {
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    dialog.current?.querySelector<HTMLElement>('#ci-first_name')?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    } else if (event.key === 'Tab' && dialog.current) {
      trapTab(event.nativeEvent, dialog.current);
    }
  };

  return (
    <div className="ci-overlay">
      <div ref={dialog} className="ci-dialog" role="dialog" aria-modal="true" aria-labelledby="ci-title" onKeyDown={onKeyDown}>
        <div className="ci-header">
          <h2 className="ci-title" id="ci-title">Student Inquiry Form</h2>
        </div>
        <InquiryForm request={request} config={config} attribution={attribution} onClose={onClose} onSuccess={onSuccess} />
      </div>
    </div>
  );
}
