/** The course calendar: upcoming intakes from GET /api/intakes, filterable by course type and delivery mode. */
import { useState } from 'react';
import { Link } from 'wouter';
import { DELIVERY_MODES, INQUIRY_COURSE_TYPES } from '../../../src/lookups';
import { siteApi } from '../../lib/api';
import { courseTypeTitle, deliveryModeTitle, formatDate, sortIntakes } from '../../lib/courses';
import { useApi } from '../../lib/useApi';
import { ApplyBand } from '../components/ApplyBand';
import { PageHeader } from '../components/PageHeader';
import { ErrorNotice, Loading } from '../components/Status';

export default function CalendarPage() {
  const [courseType, setCourseType] = useState('');
  const [deliveryMode, setDeliveryMode] = useState('');
  const state = useApi(`${courseType}|${deliveryMode}`, (signal) => siteApi.intakes({ courseType, deliveryMode }, signal));
  return (
    <>
      <PageHeader
        title="Course Calendar"
        description="Upcoming start dates of our full-time programs and part-time courses, on campus and online."
        lead="Upcoming start dates for every program and course. Filter by course type and delivery mode."
      />
      <div className="container page">
        <form className="filters" aria-label="Filter intakes" onSubmit={(e) => e.preventDefault()}>
          <label>
            Course type
            <select value={courseType} onChange={(e) => setCourseType(e.currentTarget.value)}>
              <option value="">All course types</option>
              {INQUIRY_COURSE_TYPES.map((t) => (
                <option key={t.id} value={String(t.id)}>
                  {t.title}
                </option>
              ))}
            </select>
          </label>
          <label>
            Delivery mode
            <select value={deliveryMode} onChange={(e) => setDeliveryMode(e.currentTarget.value)}>
              <option value="">All delivery modes</option>
              {DELIVERY_MODES.map((m) => (
                <option key={m.id} value={String(m.id)}>
                  {m.title}
                </option>
              ))}
            </select>
          </label>
        </form>
        {state.status === 'loading' && <Loading label="Loading intakes…" />}
        {state.status === 'error' && <ErrorNotice message={state.error.message} />}
        {state.status === 'ready' && state.data.length === 0 && <p role="status">No upcoming intakes match these filters.</p>}
        {state.status === 'ready' && state.data.length > 0 && (
          <div className="table-wrap">
            <table className="data-table">
              <caption className="visually-hidden">Upcoming intakes</caption>
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
                {sortIntakes(state.data).map((intake) => (
                  <tr key={intake._id}>
                    <td>
                      <Link href={`/course/${intake.course_slug}`}>{intake.course_name}</Link>
                    </td>
                    <td>{courseTypeTitle(intake.course_type)}</td>
                    <td>{deliveryModeTitle(intake.delivery_mode)}</td>
                    <td>{formatDate(intake.start_date)}</td>
                    <td>{formatDate(intake.end_date)}</td>
                    <td>{intake.schedule}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      <ApplyBand />
    </>
  );
}
