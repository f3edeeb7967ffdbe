/**
 * /crm/applications/:id (issue 33): the applicant's details by step, the checklist with each
 * document (viewed inline, accepted or returned), internal notes, the decision and the history,
 * with a link to the lead. Each change answers the application as it is then.
 */
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { StaffApplication } from '../../../src/application-contract';
import { LoadState, PageHeading } from '../area/PageHeading';
import { usePageTitle } from '../shared/usePageTitle';
import { useStaffQuery } from '../shared/useStaffQuery';
import { fetchApplication } from './applications-api';
import { applicationStatusTitle, dateText, statusClass } from './application-labels';
import { ApplicantDetails } from './ApplicantDetails';
import { ChecklistSection } from './ChecklistSection';
import { ApplicationNotes } from './ApplicationNotes';
import { DecisionSection } from './DecisionSection';
import { ApplicationHistory } from './ApplicationHistory';
import { EnrolmentSection } from '../enrolment/EnrolmentSection';

const nameOf = (a: StaffApplication) => [a.answers.first_name, a.answers.last_name].filter(Boolean).join(' ') || a.email;

export function ApplicationPage({ id }: { id: string }) {
  const query = useStaffQuery((signal) => fetchApplication(id, signal), id);
  const [application, setApplication] = useState<StaffApplication | null>(null);
  const [round, setRound] = useState(0);
  useEffect(() => setApplication(query.data), [query.data]);
  usePageTitle(application ? `Application: ${nameOf(application)}` : 'Application');
  const changed = (next: StaffApplication) => {
    setApplication(next);
    setRound((r) => r + 1);
  };

  if (!application) return <LoadState loading={query.loading} error={query.error} />;
  return (
    <>
      <p>
        <Link href="/applications">All applications</Link>
      </p>
      <PageHeading>Application: {nameOf(application)}</PageHeading>
      <p className="crm-app-summary">
        <span className={statusClass(application.status)}>{applicationStatusTitle(application.status)}</span> ·{' '}
        {application.program ?? 'No program yet'}
        {application.intake ? `, ${application.intake}` : ''} · Owner: {application.owner?.name ?? 'Unassigned'} ·{' '}
        {application.submitted_at ? `Submitted ${dateText(application.submitted_at)}` : `Started ${dateText(application.created_at)}`} ·{' '}
        <Link href={`/leads/${application.lead_id}`}>Open the lead</Link>
      </p>
      <div className="crm-app-columns">
        <div>
          <ChecklistSection application={application} onChanged={changed} />
          <DecisionSection application={application} onChanged={changed} />
          {application.status === 'accepted' && (
            <EnrolmentSection applicationId={application._id} onChanged={() => setRound((r) => r + 1)} />
          )}
          <ApplicantDetails application={application} />
        </div>
        <div>
          <ApplicationNotes application={application} onChanged={changed} />
          <ApplicationHistory applicationId={application._id} leadId={application.lead_id} round={round} />
        </div>
      </div>
    </>
  );
}
