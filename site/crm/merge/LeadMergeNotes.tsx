/**
 * What issue 23 adds to a lead's page, above its stage: a merged lead says which lead it became;
 * a lead that stands for several inquiries says how many and which courses; a possible duplicate
 * (same phone, another e-mail) links to the compare page.
 */
import { Link } from 'wouter';
import type { StaffLead } from '../../../src/contract';
import { comparePath } from './merge-api';

export function LeadMergeNotes({ lead }: { lead: StaffLead }) {
  if (lead.merged_into) {
    return (
      <p className="crm-card crm-merge-note" role="status">
        This lead was merged into <Link href={`/leads/${lead.merged_into}`}>another lead</Link>, which now holds its history.
      </p>
    );
  }
  const several = lead.inquiries > 1;
  if (!several && lead.possible_duplicates.length === 0) return null;
  return (
    <div className="crm-card crm-merge-note">
      {several ? (
        <p>
          <strong>{lead.inquiries} inquiries</strong>
          {lead.course_interests.length ? ` · Courses asked about: ${lead.course_interests.join(', ')}` : ''}
        </p>
      ) : null}
      {lead.possible_duplicates.map((other, index) => (
        <p key={other}>
          <span className="crm-badge">Possible duplicate</span> Shares a phone number with{' '}
          <Link href={`/leads/${other}`}>another lead{lead.possible_duplicates.length > 1 ? ` (${index + 1})` : ''}</Link> ·{' '}
          <Link href={comparePath(lead._id, other)}>Compare and merge</Link>
        </p>
      ))}
    </div>
  );
}

/** Beside a name in the leads table: the inquiry count and a possible-duplicate link. */
export function LeadBadges({ lead }: { lead: StaffLead }) {
  const other = lead.possible_duplicates[0];
  if (lead.inquiries < 2 && !other) return null;
  return (
    <span className="crm-lead-badges">
      {lead.inquiries > 1 ? (
        <span className="crm-badge" title={lead.course_interests.join(', ')}>
          {lead.inquiries} inquiries
        </span>
      ) : null}
      {other ? (
        <Link
          className="crm-badge"
          href={comparePath(lead._id, other)}
          aria-label={`Possible duplicate: compare ${lead.first_name} ${lead.last_name} with the other lead`}
        >
          Possible duplicate
        </Link>
      ) : null}
    </span>
  );
}
