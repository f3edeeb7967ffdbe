/**
 * E-mail templates for admins (issue 22): the live and retired templates, a form to create one, and
 * for each live one Edit and Retire (asked first; a retired template is kept for the messages sent
 * from it but no longer offered). Others are told they lack the permission; the server answers
 * them 403 anyway.
 */
import { ItemActions } from '../shared/ItemActions';
import { useState } from 'react';
import { TEMPLATE_KINDS, type EmailTemplate } from '../../../src/outreach-contract';
import { LoadState, PageHeading } from '../area/PageHeading';
import { errorMessage } from '../shared/api';
import { confirmAction } from '../shared/confirm';
import { notify } from '../shared/notify';
import { usePageTitle } from '../shared/usePageTitle';
import { useStaffQuery } from '../shared/useStaffQuery';
import { isAdmin, useOwnAccount } from '../stores/permissions';
import { fetchTemplates, retireTemplate } from './email-api';
import { TemplateForm } from './TemplateForm';

function TemplateItem({ template, onEdit, onChanged }: { template: EmailTemplate; onEdit(): void; onChanged(): void }) {
  async function retire() {
    const confirmed = await confirmAction({
      title: `Retire ${template.name}?`,
      message: 'It will no longer be offered on the lead page. Messages already sent from it keep its name.',
      confirmLabel: 'Retire',
    });
    if (!confirmed) return;
    try {
      await retireTemplate(template._id);
      notify.success(`${template.name} retired.`);
      onChanged();
    } catch (error) {
      notify.error(errorMessage(error));
    }
  }
  return (
    <li className="crm-template">
      <h3>
        {template.name}{' '}
        <span className={`crm-badge${template.retired_at ? '' : ' crm-badge--done'}`}>{template.retired_at ? 'Retired' : 'Live'}</span>
      </h3>
      <p className="crm-muted">
        {TEMPLATE_KINDS.find((kind) => kind.id === template.kind)?.title} · Subject: {template.subject}
      </p>
      <p className="crm-timeline__text">{template.body}</p>
      {template.retired_at ? null : <ItemActions itemName={template.name} onEdit={onEdit} action="Retire" onAction={() => void retire()} />}
    </li>
  );
}

export function TemplatesPage() {
  usePageTitle('E-mail templates');
  const account = useOwnAccount();
  const { data, error, loading, reload } = useStaffQuery((signal) => fetchTemplates(signal), 'templates');
  const [editing, setEditing] = useState<EmailTemplate | null>(null);
  if (account && !isAdmin(account)) {
    return (
      <>
        <PageHeading>E-mail templates</PageHeading>
        <p className="crm-alert">Only an admin can manage e-mail templates. Please ask an admin of the CRM.</p>
      </>
    );
  }
  const saved = () => {
    setEditing(null);
    reload();
  };
  return (
    <>
      <PageHeading>E-mail templates</PageHeading>
      <section className="crm-card" aria-labelledby="template-form-heading">
        <h2 id="template-form-heading">{editing ? `Edit ${editing.name}` : 'New template'}</h2>
        <TemplateForm key={editing?._id ?? 'new'} editing={editing} onSaved={saved} onCancel={() => setEditing(null)} />
      </section>
      <section className="crm-card" aria-labelledby="template-list-heading">
        <h2 id="template-list-heading">Templates</h2>
        <LoadState loading={loading && !data} error={error} />
        {data && data.templates.length === 0 ? <p className="crm-muted">No templates yet.</p> : null}
        <ul className="crm-template-list">
          {(data?.templates ?? []).map((template) => (
            <TemplateItem key={template._id} template={template} onEdit={() => setEditing(template)} onChanged={reload} />
          ))}
        </ul>
      </section>
    </>
  );
}
