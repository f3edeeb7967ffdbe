/**
 * Create or change an e-mail template: name, kind (commercial or transactional), subject and body
 * with `{{fields}}`. The server names each field at fault (an unknown `{{field}}` included) and the
 * message sits beside it.
 */
import { useState, type FormEvent } from 'react';
import { ApiError, fieldErrorsOf } from '../../../src/api-client';
import type { FieldErrors } from '../../../src/field-errors';
import { TEMPLATE_KINDS, type EmailTemplate, type TemplateKind } from '../../../src/outreach-contract';
import { AreaField, SelectField, TextField } from '../catalogue/fields';
import { errorMessage } from '../shared/api';
import { FormFeedback, useFormFeedback } from '../shared/FormFeedback';
import { FIELDS_HINT } from './ComposePanel';
import { createTemplate, updateTemplate } from './email-api';

const KIND_CHOICES = TEMPLATE_KINDS.map((kind) => ({ value: kind.id, label: kind.title }));

export function TemplateForm({ editing, onSaved, onCancel }: { editing: EmailTemplate | null; onSaved(): void; onCancel(): void }) {
  const [name, setName] = useState(editing?.name ?? '');
  const [kind, setKind] = useState<TemplateKind>(editing?.kind ?? 'transactional');
  const [subject, setSubject] = useState(editing?.subject ?? '');
  const [body, setBody] = useState(editing?.body ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const { feedback, clear, succeed, fail } = useFormFeedback();
  const id = (field: string) => `template-${editing?._id ?? 'new'}-${field}`;

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    clear();
    setErrors({});
    setSaving(true);
    try {
      const input = { name, kind, subject, body };
      await (editing ? updateTemplate(editing._id, input) : createTemplate(input));
      succeed(editing ? 'Template saved.' : 'Template created.');
      if (!editing) {
        setName('');
        setSubject('');
        setBody('');
      }
      onSaved();
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) setErrors(fieldErrorsOf(error.body));
      fail(errorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="crm-form crm-email-form" onSubmit={save} aria-label={editing ? `Edit ${editing.name}` : 'New template'}>
      <TextField id={id('name')} label="Name" required maxLength={120} value={name} onValue={setName} error={errors.name} />
      <SelectField
        id={id('kind')}
        label="Kind"
        value={kind}
        onValue={(value) => setKind(value === 'commercial' ? 'commercial' : 'transactional')}
        choices={KIND_CHOICES}
        error={errors.kind}
        hint="Commercial messages need the student's consent; transactional ones are about their own inquiry."
      />
      <TextField id={id('subject')} label="Subject" required maxLength={200} value={subject} onValue={setSubject} error={errors.subject} />
      <AreaField id={id('body')} label="Message" rows={8} required value={body} onValue={setBody} error={errors.body} hint={FIELDS_HINT} />
      <FormFeedback feedback={feedback} />
      <div className="crm-inline">
        <button type="submit" className="crm-button crm-button--primary" disabled={saving}>
          {editing ? 'Save template' : 'Create template'}
        </button>
        {editing ? (
          <button type="button" className="crm-button" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
