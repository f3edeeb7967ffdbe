/** Recovery codes, shown once: a list to copy or print, and the promise to keep them. */
import { useEffect, useRef } from 'react';

export function RecoveryCodes({ codes, message, onDone }: { codes: string[]; message: string; onDone(): void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form that produced them is gone: move focus to what must be read now.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="crm-card" aria-labelledby="recovery-codes-heading">
      <h2 id="recovery-codes-heading" ref={heading} tabIndex={-1}>
        Your recovery codes
      </h2>
      <p role="status">{message}</p>
      <p className="crm-muted">They are shown only now. Each one signs you in once if you lose your phone.</p>
      <ol className="crm-recovery-codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <button type="button" className="crm-button crm-button--primary" onClick={onDone}>
        I have saved these codes
      </button>
    </section>
  );
}
