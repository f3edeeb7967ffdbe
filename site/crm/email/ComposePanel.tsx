/**
 * E-mail from the lead page (issue 22): start from a template or write, see the message filled in
 * for this lead, which consent applies and whether it may go, then send it (queued, from the
 * signed-in counsellor). The preview follows the typing (a short pause first); everything shown
 * is text, never HTML. The form is only mounted while the disclosure is open.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { ApiError, fieldErrorsOf } from '../../../src/api-client';
import type { FieldErrors } from '../../../src/field-errors';
import { TEMPLATE_FIELDS, type ComposePreview } from '../../../src/outreach-contract';
import { AreaField, CheckField, SelectField, TextField } from '../catalogue/fields';
import { errorMessage } from '../shared/api';
import { FormFeedback, useFormFeedback } from '../shared/FormFeedback';
import { useStaffQuery } from '../shared/useStaffQuery';
import { fetchTemplates, previewEmail, sendEmail } from './email-api';
import { EmailPreview } from './EmailPreview';

const PREVIEW_PAUSE_MS = 250;
export const FIELDS_HINT = `Fields: ${TEMPLATE_FIELDS.map((field) => `{{${field.name}}}`).join(' ')}`;

function ComposeForm({ leadId, onSent }: { leadId: string; onSent(): void }) {
  const templates = useStaffQuery((signal) => fetchTemplates(signal), 'templates');
  const live = (templates.data?.templates ?? []).filter((t) => !t.retired_at);
  const [templateId, setTemplateId] = useState('');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [directAnswer, setDirectAnswer] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [preview, setPreview] = useState<ComposePreview | null>(null);
  const [sending, setSending] = useState(false);
  const { feedback, clear, succeed, fail } = useFormFeedback();
  const draft = { ...(templateId ? { template_id: templateId } : {}), subject, body, direct_answer: directAnswer };

  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      previewEmail(leadId, draft, controller.signal)
        .then((answer) => {
          setPreview(answer);
          setErrors({});
        })
        .catch((error: unknown) => {
          if (!controller.signal.aborted && error instanceof ApiError && error.status === 400) setErrors(fieldErrorsOf(error.body));
        });
    }, PREVIEW_PAUSE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // The draft's parts are the dependencies; `draft` itself is a new object every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [leadId, templateId, subject, body, directAnswer]);

  function pick(id: string) {
    setTemplateId(id);
    const chosen = live.find((t) => t._id === id);
    if (chosen) {
      setSubject(chosen.subject);
      setBody(chosen.body);
      if (chosen.kind === 'commercial') setDirectAnswer(false);
    }
  }

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    clear();
    setSending(true);
    try {
      const answer = await sendEmail(leadId, draft);
      succeed(answer.message);
      setTemplateId('');
      setSubject('');
      setBody('');
      setDirectAnswer(false);
      onSent();
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) setErrors(fieldErrorsOf(error.body));
      fail(errorMessage(error));
    } finally {
      setSending(false);
    }
  }

  const choices = [
    { value: '', label: 'No template: write the message' },
    ...live.map((t) => ({ value: t._id, label: `${t.name} (${t.kind})` })),
  ];
  return (
    <form className="crm-form crm-email-form" onSubmit={send} aria-label="Send an e-mail">
      <SelectField id="email-template" label="Template" value={templateId} onValue={pick} choices={choices} />
      <TextField id="email-subject" label="Subject" required maxLength={200} value={subject} onValue={setSubject} error={errors.subject} />
      <AreaField id="email-body" label="Message" rows={8} required value={body} onValue={setBody} error={errors.body} hint={FIELDS_HINT} />
      <CheckField
        id="email-direct-answer"
        label="This answers the student's own question"
        checked={directAnswer}
        onChecked={setDirectAnswer}
        error={errors.direct_answer}
        hint="A direct answer needs no consent (after an unsubscribe, only to a question asked since); it is recorded with your name."
      />
      {preview ? <EmailPreview preview={preview} /> : null}
      <FormFeedback feedback={feedback} />
      <div>
        {/* A message the preview refuses (no consent, an unsubscribe) cannot be sent: the reason is beside it. */}
        <button
          type="submit"
          className="crm-button crm-button--primary"
          disabled={sending || preview?.allowed === false}
          aria-describedby={preview?.allowed === false ? 'email-refusal' : undefined}
        >
          Send
        </button>
      </div>
    </form>
  );
}

/** The lead page's "Send an e-mail" disclosure. */
export function ComposePanel({ leadId, onSent }: { leadId: string; onSent(): void }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="crm-disclosure" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Send an e-mail</summary>
      {open ? <ComposeForm leadId={leadId} onSent={onSent} /> : null}
    </details>
  );
}
