/** One lead: everything stored about it, and its stage, which staff can change. */
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useParams } from 'wouter';
import { toast } from 'react-toastify/unstyled';
import type { StaffLead } from '../../../src/contract';
import { isLookupId, LEAD_STAGES, lookupTitle, STATUSES } from '../../../src/lookups';
import { errorMessage, fetchLead, updateLead } from '../shared/api';
import { usePageTitle } from '../shared/usePageTitle';
import { useStaffQuery } from '../shared/useStaffQuery';
import {
  courseLabel, courseTypeLabel, financialAidLabel, formatDateTime, fullName, locationLabel, orEmpty, sourceLabel,
} from './labels';
import { LoadState, PageHeading } from './PageHeading';

function details(lead: StaffLead): [string, string][] {
  return [
    ['First name', lead.first_name], ['Last name', lead.last_name], ['E-mail', lead.email], ['Phone', lead.phone],
    ['Address', orEmpty(lead.address)], ['Course', courseLabel(lead)], ['Course type', courseTypeLabel(lead)],
    ['Local / International', locationLabel(lead)], ['Financial aid', financialAidLabel(lead)],
    ['Source', sourceLabel(lead)], ['Status', lookupTitle(STATUSES, lead.status) || '—'],
    ['Lead type', String(lead.lead_type)],
    ['UTM source', orEmpty(lead.utm_source)], ['UTM medium', orEmpty(lead.utm_medium)],
    ['UTM campaign', orEmpty(lead.utm_campaign)], ['UTM term', orEmpty(lead.utm_term)],
    ['UTM content', orEmpty(lead.utm_content)], ['Landing page', orEmpty(lead.landing_page)],
    ['Referrer', orEmpty(lead.referrer)],
    ['Received', formatDateTime(lead.created_at)], ['Last updated', formatDateTime(lead.updated_at)],
  ];
}

function StageForm({ lead, onSaved }: { lead: StaffLead; onSaved(): void }) {
  const [stage, setStage] = useState(String(lead.stage));
  const [saving, setSaving] = useState(false);
  useEffect(() => setStage(String(lead.stage)), [lead.stage]);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const id = Number(stage);
    if (!isLookupId(LEAD_STAGES, id)) return;
    setSaving(true);
    try {
      await updateLead(lead._id, { stage: id, version: lead.version });
      toast.success(`Stage changed to ${lookupTitle(LEAD_STAGES, id)}.`);
      onSaved();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="crm-stage-form" onSubmit={save}>
      <label htmlFor="lead-stage">Stage</label>
      <select id="lead-stage" value={stage} onChange={(e) => setStage(e.currentTarget.value)}>
        {LEAD_STAGES.map((s) => <option key={s.id} value={String(s.id)}>{s.title}</option>)}
      </select>
      <button type="submit" className="crm-button crm-button--primary" disabled={saving || stage === String(lead.stage)}>
        Save stage
      </button>
    </form>
  );
}

export function LeadPage() {
  const { id = '' } = useParams<{ id: string }>();
  const { data: lead, error, loading, reload } = useStaffQuery((signal) => fetchLead(id, signal), id);
  usePageTitle(lead ? `${fullName(lead)} - Leads` : 'Lead - Leads');

  return (
    <>
      <p className="crm-back"><Link href="/leads">← All leads</Link></p>
      <PageHeading>{lead ? fullName(lead) : 'Lead'}</PageHeading>
      <LoadState loading={loading && !lead} error={error} />
      {lead ? (
        <>
          <section className="crm-card" aria-labelledby="lead-stage-heading">
            <h2 id="lead-stage-heading">Stage: {lookupTitle(LEAD_STAGES, lead.stage)}</h2>
            <StageForm lead={lead} onSaved={reload} />
          </section>
          <section className="crm-card" aria-labelledby="lead-details-heading">
            <h2 id="lead-details-heading">Details</h2>
            <dl className="crm-details">
              {details(lead).map(([term, value]) => (
                <div key={term}><dt>{term}</dt><dd>{value}</dd></div>
              ))}
            </dl>
          </section>
        </>
      ) : null}
    </>
  );
}
