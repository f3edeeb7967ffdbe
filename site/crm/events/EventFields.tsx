/**
 * The editor's fields: what, when (Toronto wall time), where, how many and for which programs. Each
 * field shows the server's message for it below, named by aria-describedby (catalogue/fields.tsx).
 */
import type { CourseOption } from '../../../src/contract';
import { EVENT_KINDS } from '../../../src/events-contract';
import type { FieldErrors } from '../../../src/field-errors';
import { AreaField, CheckField, SelectField, TextField } from '../catalogue/fields';
import { errorFor } from '../catalogue/save';
import type { EventDraft } from './event-draft';

interface Props {
  draft: EventDraft;
  errors: FieldErrors;
  courses: CourseOption[];
  onChange(change: Partial<EventDraft>): void;
}

export function EventFields({ draft, errors, courses, onChange }: Props) {
  const error = (key: string) => errorFor(errors, key);
  const toggleCourse = (id: string) =>
    onChange({ course_ids: draft.course_ids.includes(id) ? draft.course_ids.filter((c) => c !== id) : [...draft.course_ids, id] });
  return (
    <>
      <div className="crm-event-grid">
        <TextField
          id="event-title"
          label="Title"
          required
          maxLength={120}
          value={draft.title}
          error={error('title')}
          onValue={(title) => onChange({ title })}
        />
        <SelectField
          id="event-kind"
          label="Kind"
          value={draft.kind}
          error={error('kind')}
          choices={EVENT_KINDS.map((k) => ({ value: k.id, label: k.title }))}
          onValue={(kind) => onChange({ kind: EVENT_KINDS.find((k) => k.id === kind)?.id ?? 'info_session' })}
        />
        <TextField id="event-date" label="Date" type="date" required value={draft.date} onValue={(date) => onChange({ date })} />
        <TextField
          id="event-start"
          label="Starts"
          type="time"
          required
          hint="Toronto time"
          value={draft.start}
          error={error('starts_at')}
          onValue={(start) => onChange({ start })}
        />
        <TextField
          id="event-end"
          label="Ends"
          type="time"
          required
          hint="Toronto time, same day"
          value={draft.end}
          error={error('ends_at')}
          onValue={(end) => onChange({ end })}
        />
        <TextField
          id="event-capacity"
          label="Capacity"
          type="number"
          min={1}
          required
          hint="Seats; later registrations join the waitlist"
          value={draft.capacity}
          error={error('capacity')}
          onValue={(capacity) => onChange({ capacity })}
        />
      </div>
      <fieldset className="crm-multi">
        <legend>Place</legend>
        <div className="crm-multi__options">
          <label className="crm-check">
            <input type="radio" name="event-place" checked={draft.place === 'campus'} onChange={() => onChange({ place: 'campus' })} />
            Campus room (the college's address is added)
          </label>
          <label className="crm-check">
            <input type="radio" name="event-place" checked={draft.place === 'online'} onChange={() => onChange({ place: 'online' })} />
            Online link (sent only to registrants)
          </label>
        </div>
        {draft.place === 'campus' ? (
          <TextField
            id="event-room"
            label="Room"
            required
            maxLength={120}
            value={draft.room}
            error={error('place.room') ?? error('place')}
            onValue={(room) => onChange({ room })}
          />
        ) : (
          <TextField
            id="event-url"
            label="Online link"
            required
            maxLength={500}
            value={draft.url}
            error={error('place.url') ?? error('place')}
            onValue={(url) => onChange({ url })}
          />
        )}
      </fieldset>
      <fieldset
        className="crm-multi"
        id="event-programs"
        tabIndex={-1}
        aria-describedby={error('course_ids') ? 'event-programs-error' : undefined}
      >
        <legend>Programs covered (none ticked: all programs)</legend>
        <p className="crm-hint crm-muted">
          Covers:{' '}
          {draft.course_ids.length
            ? courses
                .filter((c) => draft.course_ids.includes(c._id))
                .map((c) => c.course_name)
                .join(', ')
            : 'all programs'}
        </p>
        <div className="crm-event-programs">
          {courses.map((course) => (
            <label key={course._id} className="crm-check">
              <input type="checkbox" checked={draft.course_ids.includes(course._id)} onChange={() => toggleCourse(course._id)} />
              {course.course_name}
            </label>
          ))}
        </div>
        {error('course_ids') ? (
          <p id="event-programs-error" className="crm-field-error">
            {error('course_ids')}
          </p>
        ) : null}
      </fieldset>
      <AreaField
        id="event-description"
        label="Description"
        rows={4}
        value={draft.description}
        error={error('description')}
        onValue={(description) => onChange({ description })}
      />
      <CheckField
        id="event-open"
        label="Registration open"
        hint="Closed: the event stays listed but nobody can register."
        checked={draft.registration_open}
        error={error('registration_open')}
        onChecked={(registration_open) => onChange({ registration_open })}
      />
    </>
  );
}
