/**
 * /crm/applications/letters (issue 33): the letter of each decision, with the placeholders it may
 * use. Every staff member reads them; admins save them (the server refuses others).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { LETTER_PLACEHOLDERS, decisionTitle, type DecisionLetter } from '../../../src/application-contract';
import { LoadState, PageHeading } from '../area/PageHeading';
import { errorMessage } from '../shared/api';
import { notify } from '../shared/notify';
import { usePageTitle } from '../shared/usePageTitle';
import { useStaffQuery } from '../shared/useStaffQuery';
import { isAdmin, useOwnAccount } from '../stores/permissions';
import { fetchLetters, saveLetter } from './applications-api';

function LetterForm({ letter, editable }: { letter: DecisionLetter; editable: boolean }) {
  const [subject, setSubject] = useState(letter.subject);
  const [body, setBody] = useState(letter.body);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setSubject(letter.subject);
    setBody(letter.body);
  }, [letter]);
  const id = `letter-${letter.decision}`;
  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      await saveLetter({ decision: letter.decision, subject, body });
      notify.success(`The ${decisionTitle(letter.decision).toLowerCase()} letter was saved.`);
    } catch (caught) {
      notify.error(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className="crm-card crm-form" aria-labelledby={`${id}-title`} onSubmit={(e) => void save(e)}>
      <h2 id={`${id}-title`}>{decisionTitle(letter.decision)}</h2>
      <div className="crm-field">
        <label htmlFor={`${id}-subject`}>Subject</label>
        <input
          id={`${id}-subject`}
          maxLength={200}
          readOnly={!editable}
          value={subject}
          onInput={(e) => setSubject(e.currentTarget.value)}
        />
      </div>
      <div className="crm-field">
        <label htmlFor={`${id}-body`}>Letter</label>
        <textarea
          id={`${id}-body`}
          rows={10}
          maxLength={10000}
          readOnly={!editable}
          value={body}
          onInput={(e) => setBody(e.currentTarget.value)}
        />
      </div>
      {editable ? (
        <div>
          <button type="submit" className="crm-button crm-button--primary" disabled={busy}>
            Save letter
          </button>
        </div>
      ) : null}
    </form>
  );
}

export function DecisionLettersPage() {
  usePageTitle('Decision letters');
  const account = useOwnAccount();
  const { data, error, loading } = useStaffQuery((signal) => fetchLetters(signal), 'decision-letters');
  return (
    <>
      <p>
        <Link href="/applications">All applications</Link>
      </p>
      <PageHeading>Decision letters</PageHeading>
      <p>
        Placeholders, filled for each applicant: {LETTER_PLACEHOLDERS.map((p) => `{{${p}}}`).join(', ')}. A blank line starts a new
        paragraph.
      </p>
      {isAdmin(account) ? null : <p className="crm-muted">Only an admin can change the letters.</p>}
      <LoadState loading={loading && !data} error={error} />
      {data?.letters.map((letter) => (
        <LetterForm key={letter.decision} letter={letter} editable={isAdmin(account)} />
      ))}
    </>
  );
}
