/** The frame shared by the login, forgot-password and reset-password screens. */
import type { ReactNode } from 'react';
import { COLLEGE } from '../../../src/college';

export function AuthCard({ heading, intro, children }: { heading: string; intro?: string; children: ReactNode }) {
  return (
    <main className="crm-auth" id="main">
      <section className="crm-auth__card" aria-labelledby="crm-auth-heading">
        <p className="crm-auth__brand">{COLLEGE.name} · Staff CRM</p>
        <h1 id="crm-auth-heading">{heading}</h1>
        {intro ? <p className="crm-auth__intro">{intro}</p> : null}
        {children}
      </section>
    </main>
  );
}

/** The submit button of the three screens: disabled with a spinner while the request runs. */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="crm-button crm-button--primary crm-auth__submit" disabled={busy} aria-busy={busy}>
      {busy ? <span className="crm-spinner" role="status" aria-label="Sending" /> : null}
      <span>{children}</span>
    </button>
  );
}
