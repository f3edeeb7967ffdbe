/** Cancelling an event: asked first, saying that every registrant is told; there is no undo. */
import { useState } from 'react';
import type { CrmEvent } from '../../../src/events-contract';
import { confirmAction } from '../shared/confirm';
import { errorMessage } from '../shared/api';
import { notify } from '../shared/notify';
import { cancelEvent } from './events-api';

export function CancelEventButton({ event, onCancelled }: { event: CrmEvent; onCancelled(): void }) {
  const [busy, setBusy] = useState(false);

  async function cancel() {
    const { registered, waitlisted } = event.counts;
    const confirmed = await confirmAction({
      title: `Cancel ${event.title}?`,
      message:
        `Every registrant is told by e-mail that it is cancelled: ${registered} registered and ${waitlisted} on the waitlist. ` +
        'Registration closes and the event leaves the site. This cannot be undone.',
      confirmLabel: 'Yes, cancel the event',
    });
    if (!confirmed) return;
    setBusy(true);
    try {
      await cancelEvent(event);
      notify.success('Event cancelled. Every registrant is being told.');
      onCancelled();
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="crm-card crm-danger-zone" aria-labelledby="cancel-event">
      <h2 id="cancel-event">Cancel the event</h2>
      <p className="crm-muted">Every registrant and everyone on the waitlist is told by e-mail.</p>
      <button type="button" className="crm-button crm-button--danger" onClick={cancel} disabled={busy}>
        Cancel event…
      </button>
    </section>
  );
}
