/** The next start date of a course, in the "At a glance" box, with a link to the full calendar. */
import { Link } from 'wouter';
import type { Intake } from '../../../../src/contract';
import { deliveryModeTitle, formatDate } from '../../../lib/courses';

export function NextIntake({ intake }: { intake: Intake | undefined }) {
  return (
    <div className="next-intake">
      <h3>Next intake</h3>
      {intake ? (
        <p>
          <strong>{formatDate(intake.start_date)}</strong>
          <br />
          {deliveryModeTitle(intake.delivery_mode)}, {intake.schedule}
        </p>
      ) : (
        <p>New dates are being scheduled.</p>
      )}
      <p>
        <Link href="/calendar">See the course calendar</Link>
      </p>
    </div>
  );
}
