/** One month of the calendar: a table on wide screens, one card per intake on small ones (CSS). */
import { Link } from 'wouter';
import { courseTypeTitle, deliveryModeTitle, formatDate, formatMonth as monthTitle } from '../../../lib/courses';
import type { MonthGroup } from './calendarFilters';

export function MonthTable({ group }: { group: MonthGroup }) {
  const id = `month-${group.month}`;
  return (
    <section className="calendar-month" aria-labelledby={id}>
      <h2 id={id}>{monthTitle(group.month)}</h2>
      <table className="data-table calendar-table">
        <caption className="visually-hidden">Intakes starting in {monthTitle(group.month)}</caption>
        <thead>
          <tr>
            <th scope="col">Course</th>
            <th scope="col">Type</th>
            <th scope="col">Delivery</th>
            <th scope="col">Starts</th>
            <th scope="col">Ends</th>
            <th scope="col">Schedule</th>
          </tr>
        </thead>
        <tbody>
          {group.intakes.map((intake) => (
            <tr key={intake._id}>
              <th scope="row">
                <Link href={`/course/${intake.course_slug}`}>{intake.course_name}</Link>
              </th>
              <td data-label="Type">{courseTypeTitle(intake.course_type)}</td>
              <td data-label="Delivery">{deliveryModeTitle(intake.delivery_mode)}</td>
              <td data-label="Starts">{formatDate(intake.start_date)}</td>
              <td data-label="Ends">{formatDate(intake.end_date)}</td>
              <td data-label="Schedule">{intake.schedule}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
