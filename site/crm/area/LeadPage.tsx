/**
 * One lead: contact links, stage and owner (saved with a version check), every stored detail as a
 * readable label, and the timeline with notes and activities.
 */
import { useState } from 'react';
import { Link, useParams } from 'wouter';
import type { StaffLead } from '../../../src/contract';
import { LEAD_STAGES, lookupTitle, STATUSES } from '../../../src/lookups';
import { fetchLead } from '../shared/api';
import { PhoneLink } from '../shared/PhoneLink';
import { fetchTimeline } from '../shared/work-api';
import { usePageTitle } from '../shared/usePageTitle';
import { useStaffQuery } from '../shared/useStaffQuery';
import { ActivityForm } from '../work/ActivityForm';
import { LeadAssignForm } from '../work/LeadAssignForm';
import { LeadTimeline } from '../work/LeadTimeline';
import { NoteForm } from '../work/NoteForm';
import { ComposePanel } from '../email/ComposePanel';
import { PrivacyPanel } from '../privacy/PrivacyPanel';
import { RepliesNotConnectedNote } from '../replies/RepliesConnection';
import { LeadSequences } from '../sequences/LeadSequences';
import {
  courseLabel,
  courseTypeLabel,
  financialAidAsked,
  financialAidLabel,
  formatDateTime,
  fullName,
  leadTypeLabel,
  locationLabel,
  orEmpty,
  originLabel,
  ownerLabel,
  sourceLabel,
} from './labels';
import { LoadState, PageHeading } from './PageHeading';
import { LeadConsent } from './LeadConsent';
import { LeadMergeNotes } from '../merge/LeadMergeNotes';
import { MergeWithAnother } from '../merge/MergeWithAnother';
import { SendApplicationLink } from '../applications/SendApplicationLink';

function details(lead: StaffLead): [string, string][] {
  return [
    ['First name', lead.first_name],
    ['Last name', lead.last_name],
    ['Address', orEmpty(lead.address)],
    ['Course', courseLabel(lead)],
    ['Course type', courseTypeLabel(lead)],
    ['Local / International', locationLabel(lead)],
    // Asked only of local students: not shown where it was never asked.
    ...(financialAidAsked(lead) ? [['Financial aid', financialAidLabel(lead)] as [string, string]] : []),
    ['Source', sourceLabel(lead)],
    ['Status', lookupTitle(STATUSES, lead.status) || '—'],
    ['Lead type', leadTypeLabel(lead)],
    ['Owner', ownerLabel(lead)],
    ['UTM source', orEmpty(lead.utm_source)],
    ['UTM medium', orEmpty(lead.utm_medium)],
    ['UTM campaign', orEmpty(lead.utm_campaign)],
    ['UTM term', orEmpty(lead.utm_term)],
    ['UTM content', orEmpty(lead.utm_content)],
    ['Landing page', orEmpty(lead.landing_page)],
    ['Referrer', orEmpty(lead.referrer)],
    ['Partner site', originLabel(lead)],
    ['Received', formatDateTime(lead.created_at)],
    ['Last updated', formatDateTime(lead.updated_at)],
  ];
}

export function LeadPage() {
  const { id = '' } = useParams<{ id: string }>();
  const [round, setRound] = useState(0);
  const reload = () => setRound((r) => r + 1);
  const { data: lead, error, loading } = useStaffQuery((signal) => fetchLead(id, signal), `${id}:${round}`);
  const timeline = useStaffQuery((signal) => fetchTimeline(id, signal), `${id}:${round}`);
  usePageTitle(lead ? `${fullName(lead)} - Leads` : 'Lead - Leads');

  return (
    <>
      <p className="crm-back">
        <Link href="/leads">← All leads</Link>
      </p>
      <PageHeading>{lead ? fullName(lead) : 'Lead'}</PageHeading>
      <LoadState loading={loading && !lead} error={error} />
      {lead ? (
        <>
          <ul className="crm-contact" aria-label="Contact">
            <li>
              E-mail: <a href={`mailto:${lead.email}`}>{lead.email}</a>
            </li>
            <li>
              Phone: <PhoneLink phone={lead.phone} />
            </li>
            <li>
              <SendApplicationLink leadId={lead._id} onSent={reload} />
            </li>
          </ul>
          <LeadConsent leadId={lead._id} round={round} onChanged={reload} />
          <LeadMergeNotes lead={lead} />
          <MergeWithAnother lead={lead} />
          <section className="crm-card" aria-labelledby="lead-stage-heading">
            <h2 id="lead-stage-heading">Stage: {lookupTitle(LEAD_STAGES, lead.stage)}</h2>
            <LeadAssignForm lead={lead} onSaved={reload} />
          </section>
          <LeadSequences leadId={lead._id} round={round} onChanged={reload} />
          <div className="crm-lead-columns">
            <section className="crm-card" aria-labelledby="lead-timeline-heading">
              <h2 id="lead-timeline-heading">Timeline</h2>
              <details className="crm-disclosure">
                <summary>Log an activity</summary>
                <ActivityForm leadId={lead._id} onSaved={reload} />
              </details>
              <details className="crm-disclosure">
                <summary>Add a note</summary>
                <NoteForm leadId={lead._id} onSaved={reload} />
              </details>
              <ComposePanel leadId={lead._id} onSent={reload} />
              <RepliesNotConnectedNote />
              <LoadState loading={timeline.loading && !timeline.data} error={timeline.error} />
              {timeline.data ? <LeadTimeline entries={timeline.data.entries} onChanged={reload} /> : null}
            </section>
            <section className="crm-card" aria-labelledby="lead-details-heading">
              <h2 id="lead-details-heading">Details</h2>
              <dl className="crm-details">
                <div>
                  <dt>E-mail</dt>
                  <dd>
                    <a href={`mailto:${lead.email}`}>{lead.email}</a>
                  </dd>
                </div>
                <div>
                  <dt>Phone</dt>
                  <dd>
                    <PhoneLink phone={lead.phone} />
                  </dd>
                </div>
                {details(lead).map(([term, value]) => (
                  <div key={term}>
                    <dt>{term}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
              </dl>
            </section>
          </div>
          <PrivacyPanel leadId={lead._id} onChanged={reload} />
        </>
      ) : null}
    </>
  );
}
