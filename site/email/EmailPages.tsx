/**
 * The bodies of the e-mail preference pages (server/consent/preference-pages.ts renders them).
 * Plain HTML forms posting to the page's own address: no script, no sign-in; the token in the
 * address names the person. The opt-in checkbox is never ticked in advance and is not bundled
 * with anything else.
 */
import { COLLEGE } from '../../src/college';
import { EmailPageFrame } from './EmailPageFrame';

export interface ConsentPageProps {
  /** The form's address (the page's own, token included). */
  action: string;
  /**
   * The person's consent now, in a plain sentence: why we may write and until when ("You asked about
   * a program on November 27, 2026, so we may e-mail you about programs until May 27, 2027.").
   */
  consentSentence: string;
  express: boolean;
  withdrawn: boolean;
  /** False for an unsubscribe link: it may withdraw, never opt in (server/consent/consent-token.ts). */
  canOptIn: boolean;
  wording: string;
  /** A result or a problem to show above the forms. */
  notice?: { text: string; error?: boolean };
}

function Notice({ notice }: { notice?: ConsentPageProps['notice'] }) {
  if (!notice) return null;
  return (
    <p className={notice.error ? 'notice notice-error' : 'notice'} role={notice.error ? 'alert' : 'status'}>
      {notice.text}
    </p>
  );
}

export function ConsentPage({ action, consentSentence, express, withdrawn, canOptIn, wording, notice }: ConsentPageProps) {
  return (
    <EmailPageFrame title="E-mail preferences" lead="Choose whether we may send you news about our programs and intakes.">
      <Notice notice={notice} />
      <p className="status-line">{consentSentence}</p>
      {!express && !canOptIn && (
        <p>
          To hear from us again, use the link in our inquiry confirmation or write to{' '}
          <a href={`mailto:${COLLEGE.emails.admissions}`}>{COLLEGE.emails.admissions}</a>.
        </p>
      )}
      {!express && canOptIn && (
        <form method="post" action={action} className="consent-form">
          <input type="hidden" name="action" value="opt-in" />
          <p className="consent-choice">
            <input type="checkbox" id="consent-agree" name="agree" value="yes" required />
            <label htmlFor="consent-agree">{wording}</label>
          </p>
          <button type="submit" className="btn btn-primary">
            Keep me informed
          </button>
        </form>
      )}
      {!withdrawn && (
        <form method="post" action={action} className="consent-form">
          <input type="hidden" name="action" value="withdraw" />
          <h2>Stop receiving news</h2>
          <p>We will send no more e-mails about programs, intakes or offers; answers to your own questions still reach you.</p>
          <button type="submit" className="btn btn-outline">
            Withdraw my consent
          </button>
        </form>
      )}
    </EmailPageFrame>
  );
}

export interface UnsubscribePageProps {
  action: string;
  done: boolean;
  /** Where the person can opt in again. */
  preferences: string;
}

export function UnsubscribePage({ action, done, preferences }: UnsubscribePageProps) {
  return (
    <EmailPageFrame title="Unsubscribe" lead="Stop e-mails about our programs, intakes and offers. It is free and needs no sign-in.">
      {done ? (
        <>
          <p className="notice" role="status">
            You are unsubscribed. We will send you no more e-mails about programs, intakes or offers.
          </p>
          <p>
            Changed your mind? <a href={preferences}>Manage your e-mail preferences</a>.
          </p>
        </>
      ) : (
        <form method="post" action={action} className="consent-form">
          <input type="hidden" name="action" value="unsubscribe" />
          <button type="submit" className="btn btn-primary">
            Unsubscribe
          </button>
        </form>
      )}
    </EmailPageFrame>
  );
}

export function InvalidLinkPage({ expired = false }: { expired?: boolean }) {
  if (expired) {
    return (
      <EmailPageFrame title="This link has expired">
        <p>
          Links in our e-mails work for a limited time, so that an old e-mail cannot be used by someone else. To unsubscribe, use the link
          in a more recent e-mail from us, or write to us and we will update your preferences.
        </p>
      </EmailPageFrame>
    );
  }
  return (
    <EmailPageFrame title="This link does not work">
      <p>
        The address of this page is incomplete or has been changed. Please open the link from your e-mail again, or write to us and we will
        update your preferences.
      </p>
    </EmailPageFrame>
  );
}
