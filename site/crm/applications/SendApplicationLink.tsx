/** The lead page's "Send application link" (issue 33): e-mails the lead a sign-in link to the applicant portal. */
import { useState } from 'react';
import { errorMessage } from '../shared/api';
import { notify } from '../shared/notify';
import { sendApplicationLink } from './applications-api';

export function SendApplicationLink({ leadId, onSent }: { leadId: string; onSent?(): void }) {
  const [busy, setBusy] = useState(false);
  async function send() {
    setBusy(true);
    try {
      notify.success((await sendApplicationLink(leadId)).message);
      onSent?.();
    } catch (caught) {
      notify.error(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }
  return (
    <button type="button" className="crm-button" disabled={busy} onClick={() => void send()}>
      Send application link
    </button>
  );
}
