/**
 * The enrolment contract as accessible HTML (issue 34): the same terms as the PDF, in the same
 * order, with headings, definition lists and a captioned fee table, and the two-day right to
 * cancel in a visible note. Used in the applicant portal and in the CRM.
 */
import { DELIVERY_TITLES, type ContractTerms } from '../../src/enrolment-contract';
import { formatCents } from '../../src/ledger-contract';
import { formatLongDay } from '../../src/college-time';

function Facts({ rows }: { rows: [string, string | null][] }) {
  return (
    <dl className="contract-doc__facts">
      {rows
        .filter((row): row is [string, string] => row[1] !== null)
        .map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}

function Fees({ terms }: { terms: ContractTerms }) {
  const optional = terms.fees.filter((fee) => fee.kind === 'optional').reduce((sum, fee) => sum + fee.amount_cents, 0);
  return (
    <>
      <table className="contract-doc__fees">
        <caption>Fees of the program, in Canadian dollars</caption>
        <thead>
          <tr>
            <th scope="col">Fee</th>
            <th scope="col">Kind</th>
            <th scope="col">Amount (CAD)</th>
          </tr>
        </thead>
        <tbody>
          {terms.fees.map((fee, index) => (
            <tr key={`${fee.label}-${index}`}>
              <th scope="row">{fee.label}</th>
              <td>{fee.kind === 'optional' ? 'Optional' : 'Compulsory'}</td>
              <td>{formatCents(fee.amount_cents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              Total of compulsory fees
            </th>
            <td>{formatCents(terms.total_cents)}</td>
          </tr>
        </tfoot>
      </table>
      {optional > 0 ? <p>Optional fees ({formatCents(optional)} in all) are charged only if you choose them.</p> : null}
    </>
  );
}

export function ContractDocument({ terms }: { terms: ContractTerms }) {
  const { college, student, program } = terms;
  return (
    <article className="contract-doc" aria-labelledby="contract-doc-title">
      <h2 id="contract-doc-title">Enrolment contract: {program.approved_name}</h2>
      <p className="contract-doc__meta">
        Version {terms.version}. Made under the Ontario Career Colleges Act, 2005 and O. Reg. 415/06 between the college and the student.
      </p>
      <h3>The college</h3>
      <Facts
        rows={[
          ['Legal name', college.legal_name],
          ['Operating as', college.operating_name],
          ['Address', college.address],
          ['Telephone', college.phone],
          ['E-mail', college.email],
        ]}
      />
      <h3>The student</h3>
      <Facts
        rows={[
          ['Name', student.name],
          ['Address', student.address],
          ['Telephone', student.phone],
          ['E-mail', student.email],
        ]}
      />
      <h3>The program</h3>
      <Facts
        rows={[
          ['Approved program name', program.approved_name],
          ['Start date', formatLongDay(terms.start_date)],
          ['Expected end date', formatLongDay(terms.expected_end_date)],
          ['Language of instruction', program.language],
          ['Hours of instruction', `${program.hours.toLocaleString('en-CA')} hours`],
          ['Delivery method', DELIVERY_TITLES[program.delivery]],
          ['Locations', program.locations],
          ['Online platform', program.online_platform],
          ['Online details', program.online_details],
          ['Practicum', program.practicum ?? 'This program has no practicum (work placement).'],
        ]}
      />
      <h3>Admission requirements</h3>
      <ul>
        {program.admission_requirements.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <h3>Fees</h3>
      <Fees terms={terms} />
      <h3>Service fee collected before this contract</h3>
      <p>
        Before the contract is signed the college may collect only a service fee of at most 20 % of the program&apos;s fees or $500,
        whichever is lower (O. Reg. 415/06): for this program {formatCents(terms.service_fee_cap_cents)}. Collected before this contract:{' '}
        {formatCents(terms.service_fee_paid_cents)}, counted toward the fees above.
      </p>
      <div className="contract-doc__note" role="note" aria-labelledby="contract-doc-cancel">
        <h3 id="contract-doc-cancel">Your right to cancel within two days</h3>
        <p>
          You may cancel this contract by written notice within two days of receiving a copy of the signed contract. The college then
          refunds all fees you paid in full, the application fee included, within 30 days.
        </p>
      </div>
      <h3>Refunds</h3>
      <p>
        A refund is due within 30 days of a written notice of cancellation, withdrawal or expulsion. Fees are refunded in full if the
        college discontinues the program, collected fees before this contract (beyond the service fee) or before the program was approved,
        or charged a fee missing from, or higher than, the list above. After the start, a withdrawal or expulsion is refunded in part: the
        college keeps the fees earned, in proportion to the hours of instruction delivered.
      </p>
      <h3>Policies you receive</h3>
      <ul>
        {terms.policies.map((policy) => (
          <li key={policy.key}>
            <a href={policy.url} target="_blank" rel="noopener">
              {policy.title}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
    </article>
  );
}
