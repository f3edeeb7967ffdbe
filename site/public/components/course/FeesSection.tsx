/** Tuition and fees of a course: a table per student type (domestic, international when open to them), the total, and the payment plan. */
import type { TuitionFees } from '../../../../src/catalogue-content';
import { formatCad } from './money';

export function FeesSection({ fees, programWord }: { fees: TuitionFees; programWord: string }) {
  const columns = [{ label: 'Domestic students', tuition: fees.domestic_tuition }];
  if (fees.international_tuition !== null && fees.international_tuition !== fees.domestic_tuition) {
    columns.push({ label: 'International students', tuition: fees.international_tuition });
  }
  const single = columns.length === 1;
  const row = (label: string, amount: (tuition: number) => number) => (
    <tr>
      <th scope="row">{label}</th>
      {columns.map((column) => (
        <td key={column.label}>{formatCad(amount(column.tuition))}</td>
      ))}
    </tr>
  );
  return (
    <section className="content-section" aria-labelledby="fees-heading">
      <h2 id="fees-heading">Tuition and fees</h2>
      <div className="table-wrap">
        <table className="data-table fees-table">
          <caption className="visually-hidden">Tuition and fees of this {programWord}, in Canadian dollars</caption>
          <thead>
            <tr>
              <td />
              {columns.map((column) => (
                <th key={column.label} scope="col">
                  {single ? 'All students (CAD)' : `${column.label} (CAD)`}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {row('Tuition', (tuition) => tuition)}
            {row('Books and materials', () => fees.books_materials)}
            {row('Exam vouchers', () => fees.exam_vouchers)}
          </tbody>
          <tfoot>{row('Total', (tuition) => tuition + fees.books_materials + fees.exam_vouchers)}</tfoot>
        </table>
      </div>
      {fees.payment_plan && <p className="fees-note">{fees.payment_plan}</p>}
    </section>
  );
}
