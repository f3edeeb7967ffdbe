/**
 * The leads table (list and dashboard). On wide screens its columns have set widths (CSS, by the
 * `crm-col--*` classes) and long values wrap inside them, so all eleven fit a 1280 px laptop
 * without sideways scrolling. On narrow screens CSS turns each row into a card and the
 * `data-label` of each cell names its column.
 */
import { Link } from 'wouter';
import type { StaffLead } from '../../../src/contract';
import { ColumnHeads } from '../shared/ColumnHeads';
import { EmailLink } from '../shared/EmailLink';
import { PhoneLink } from '../shared/PhoneLink';
import {
  courseLabel,
  courseTypeLabel,
  financialAidLabel,
  formatDateTime,
  fullName,
  locationLabel,
  ownerLabel,
  sourceLabel,
  stageLabel,
} from './labels';
import { LeadBadges } from '../merge/LeadMergeNotes';

const COLUMNS = [
  ['name', 'Name'],
  ['email', 'E-mail'],
  ['phone', 'Phone'],
  ['course', 'Course'],
  ['type', 'Course type'],
  ['location', 'Local / International'],
  ['aid', 'Financial aid'],
  ['source', 'Source'],
  ['stage', 'Stage'],
  ['received', 'Received'],
  ['owner', 'Owner'],
] as const;

export function LeadsTable({ leads, caption }: { leads: StaffLead[]; caption: string }) {
  return (
    // Still scrolls sideways on its own if a zoomed or narrow window cannot fit it (focusable, so keyboards can scroll).
    <div className="crm-table-wrap" role="region" aria-label={caption} tabIndex={0}>
      <table className="crm-table crm-table--fit crm-leads-table">
        <caption className="crm-visually-hidden">{caption}</caption>
        <ColumnHeads columns={COLUMNS} />
        <tbody>
          {leads.map((lead) => (
            <tr key={lead._id} data-lead-id={lead._id}>
              <th scope="row" data-label="Name">
                <Link href={`/leads/${lead._id}`}>{fullName(lead)}</Link>
                <LeadBadges lead={lead} />
              </th>
              <td data-label="E-mail">
                <EmailLink email={lead.email} />
              </td>
              <td data-label="Phone">
                <PhoneLink phone={lead.phone} />
              </td>
              <td data-label="Course">{courseLabel(lead)}</td>
              <td data-label="Course type">{courseTypeLabel(lead)}</td>
              <td data-label="Local / International">{locationLabel(lead)}</td>
              <td data-label="Financial aid">{financialAidLabel(lead)}</td>
              <td data-label="Source">{sourceLabel(lead)}</td>
              <td data-label="Stage">
                <span className={`crm-stage crm-stage--${lead.stage}`}>{stageLabel(lead)}</span>
                {/* Speed to lead ran out without a call, e-mail or meeting (issue 23). */}
                {lead.not_contacted ? <span className="crm-badge crm-badge--overdue">Not contacted</span> : null}
              </td>
              <td data-label="Received">{formatDateTime(lead.created_at)}</td>
              <td data-label="Owner">{ownerLabel(lead)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
