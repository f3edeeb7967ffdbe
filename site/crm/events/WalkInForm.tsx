/**
 * Someone who came without registering: registered and checked in at once (POST …/walk-ins), which
 * creates or joins their lead like any registration. The server's rules (the inquiry form's,
 * phone included) decide; its messages show under the fields.
 */
import { useState, type FormEvent } from 'react';
import { NEED_ADVICE_COURSE_ID, type CourseOption } from '../../../src/contract';
import type { CrmEvent, RegistrationRequest } from '../../../src/events-contract';
import type { FieldErrors } from '../../../src/field-errors';
import { SelectField, TextField } from '../catalogue/fields';
import { errorMessage } from '../shared/api';
import { notify } from '../shared/notify';
import { eventFieldErrors, registerWalkIn } from './events-api';
import { ApiError } from '../../../src/api-client';
import { checkingInEarly } from './confirm-and-resend';

const EMPTY = { first_name: '', last_name: '', email: '', phone: '' };

/** The event's own programs (or every course when it covers all), then "need advice". */
function programChoices(event: CrmEvent, courses: CourseOption[]) {
  const own = event.course_ids.length ? courses.filter((c) => event.course_ids.includes(c._id)) : courses;
  return [
    ...own.map((c) => ({ value: c._id, label: c.course_name })),
    { value: NEED_ADVICE_COURSE_ID, label: 'Need advise with program choice' },
  ];
}

export function WalkInForm({ event, courses, onDone }: { event: CrmEvent; courses: CourseOption[]; onDone(name: string): Promise<void> }) {
  const choices = programChoices(event, courses);
  const [person, setPerson] = useState(EMPTY);
  const [courseId, setCourseId] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const chosen = courseId || choices[0]?.value || NEED_ADVICE_COURSE_ID;
  const field = (key: keyof typeof EMPTY, label: string, type: 'text' | 'email' | 'tel' = 'text', hint?: string) => (
    <TextField
      id={`walk-in-${key}`}
      label={label}
      type={type}
      required
      value={person[key]}
      error={errors[key]}
      {...(hint ? { hint } : {})}
      onValue={(value) => setPerson((p) => ({ ...p, [key]: value }))}
    />
  );

  async function submit(submitted: FormEvent<HTMLFormElement>) {
    submitted.preventDefault();
    setBusy(true);
    const body: RegistrationRequest = { ...person, course_id: chosen };
    const name = `${body.first_name} ${body.last_name}`.trim();
    try {
      const done = await checkingInEarly((early) => registerWalkIn(event.id, body, early), name);
      if (done === null) return;
      setPerson(EMPTY);
      setErrors({});
      await onDone(name);
    } catch (error) {
      const fields = error instanceof ApiError ? eventFieldErrors(error.body) : {};
      setErrors(fields);
      notify.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="crm-form crm-walk-in" onSubmit={submit} noValidate aria-label="Walk-in registration">
      {field('first_name', 'First name')}
      {field('last_name', 'Last name')}
      {field('email', 'E-mail', 'email')}
      {field('phone', 'Phone', 'tel', 'With the area code, e.g. 416 555 0199')}
      <SelectField
        id="walk-in-program"
        label="Program of interest"
        value={chosen}
        error={errors.course_id}
        choices={choices}
        onValue={setCourseId}
      />
      <button type="submit" className="crm-button crm-button--primary crm-checkin-button" disabled={busy}>
        Register and check in
      </button>
    </form>
  );
}
