/**
 * Create or change an e-mail template: name, kind (commercial or transactional), subject and body
 * with `{{fields}}`. The server names each field at fault (an unknown `{{field}}` included) and the
 * message sits beside it.
 */
import { useState, type FormEvent } from 'react';
import { TEMPLATE_KINDS, type EmailTemplate, type TemplateKind } from '../../../src/outreach-contract';
import { AreaField, SelectField, TextField } from '../catalogue/fields';
import { FormFeedback } from '../shared/FormFeedback';
import { useFieldForm } from '../shared/useFieldForm';
import { FIELDS_HINT } from './ComposePanel';
import { createTemplate, updateTemplate } from './email-api';

const KIND_CHOICES = TEMPLATE_KINDS.map((kind) => ({ value: kind.id, label: kind.title }));

export function TemplateForm({ editing, onSaved, onCancel }: { editing: EmailTemplate | null; onSaved(): void; onCancel(): void }) {
  const [name, setName] = useState(editing?.name ?? '');
  const [kind, setKind] = useState<TemplateKind>(editing?.kind ?? 'transactional');
  const [subject, setSubject] = useState(editing?.subject ?? '');
  const [body, setBody] = useState(editing?.body ?? '');
  const { feedback, errors, saving, submit } = useFieldForm();
  const id = (field: string) => `template-${editing?._id ?? 'new'}-${field}`;

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = { name, kind, subject, body };
    const saved = await submit(async () => {
      await (editing ? updateTemplate(editing._id, input) : createTemplate(input));
      return editing ? 'Template saved.' : 'Template created.';
    });
    if (!saved) return;
    if (!editing) {
      setName('');
      setSubject('');
      setBody('');
    }
    onSaved();
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
