/**
 * The leads table (list and dashboard). On narrow screens CSS turns each row into a card and the
 * `data-label` of each cell names its column.
 */
import { Link } from 'wouter';
import type { StaffLead } from '../../../src/contract';
import {
  courseLabel, courseTypeLabel, financialAidLabel, formatDateTime, fullName, locationLabel, ownerLabel, sourceLabel, stageLabel,
} from './labels';

const COLUMNS = [
  'Name', 'E-mail', 'Phone', 'Course', 'Course type', 'Local / International', 'Financial aid', 'Source', 'Stage', 'Received', 'Owner',
] as const;

export function LeadsTable({ leads, caption }: { leads: StaffLead[]; caption: string }) {
  return (
    // Scrolls sideways on its own when the columns do not fit (focusable, so keyboards can scroll).
    <div className="crm-table-wrap" role="region" aria-label={caption} tabIndex={0}>
      <table className="crm-table">
        <caption className="crm-visually-hidden">{caption}</caption>
        <thead>
          <tr>{COLUMNS.map((c) => <th key={c} scope="col">{c}</th>)}</tr>
        </thead>
        <tbody>
          {leads.map((lead) => (
            <tr key={lead._id} data-lead-id={lead._id}>
              <th scope="row" data-label="Name"><Link href={`/leads/${lead._id}`}>{fullName(lead)}</Link></th>
              <td data-label="E-mail"><a href={`mailto:${lead.email}`}>{lead.email}</a></td>
              <td data-label="Phone"><a href={`tel:${lead.phone}`}>{lead.phone}</a></td>
              <td data-label="Course">{courseLabel(lead)}</td>
              <td data-label="Course type">{courseTypeLabel(lead)}</td>
              <td data-label="Local / International">{locationLabel(lead)}</td>
              <td data-label="Financial aid">{financialAidLabel(lead)}</td>
              <td data-label="Source">{sourceLabel(lead)}</td>
              <td data-label="Stage"><span className={`crm-stage crm-stage--${lead.stage}`}>{stageLabel(lead)}</span></td>
              <td data-label="Received">{formatDateTime(lead.created_at)}</td>
              <td data-label="Owner">{ownerLabel(lead)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
