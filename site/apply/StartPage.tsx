/** "Start your application": the e-mail form that asks for a sign-in link (same answer for every address). */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../src/api-client';
import { askForLink } from './applicant-api';
import { Problem } from './Problem';

export function StartPage({ note }: { note?: string }) {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const course = typeof window === 'undefined' ? '' : (new URLSearchParams(window.location.search).get('course') ?? '');

  useEffect(() => {
    document.title = 'Start your application | Northbridge College';
  }, []);

  async function send(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      setSent((await askForLink(email, /^[0-9a-f]{24}$/.test(course) ? course : '')).message);
      heading.current?.focus();
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : 'Something went wrong. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  if (sent) {
    return (
      <section className="apply-card" aria-labelledby="apply-sent">
        <h1 id="apply-sent" ref={heading} tabIndex={-1}>
          Check your e-mail
        </h1>
        <p role="status">{sent}</p>
      </section>
    );
  }
  return (
    <section className="apply-card" aria-labelledby="apply-start">
      <h1 id="apply-start">Start your application</h1>
      {note ? <p className="apply-note">{note}</p> : null}
      <p>Enter your e-mail address. We will send you a link that opens your application; there is no password to remember.</p>
      <form onSubmit={(event) => void send(event)} noValidate>
        <label className="apply-field">
          <span>E-mail address</span>
          <input
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'apply-start-problem' : undefined}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
        </label>
        <Problem id="apply-start-problem">{problem}</Problem>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Sending…' : 'E-mail me a link'}
        </button>
      </form>
    </section>
  );
}
