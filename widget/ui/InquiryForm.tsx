/**
 * The Student Inquiry Form's fields and submission (seed §2 "Inquiry modal", §4, §5, §8).
 * Its state starts fresh on every open (the dialog remounts it), which is the seed's reset.
 * A refusal marks every invalid field beside it and moves focus to the first one; the toast
 * still carries the server's message (seed §8).
 */
import { useMemo, useRef, useState, type FormEvent } from 'react';
import type { Attribution } from '../../src/attribution';
import { leadSource } from '../../src/attribution';
import type { CourseTypeId } from '../../src/lookups';
import { buildLeadPayload, emptyInquiryFields, INVALID_PHONE_MESSAGE, isAcceptablePhone, type InquiryFields } from '../../src/lead-payload';
import type { WidgetConfig } from '../config';
import type { OpenRequest } from '../controller';
import type { CourseList } from '../course-source';
import type { Events } from '../events';
import { createLeadSender, type FieldErrors } from '../submit-lead';
import type { ToastStore } from '../toasts';
import { CourseFields } from './CourseFields';
import { FieldError, firstInvalidControl, invalidProps } from './field-errors';
import { PhoneField, type PhoneFieldHandle } from './PhoneField';
import { useCourses } from './useCourses';

export interface FormServices {
  config: WidgetConfig;
  attribution: Attribution;
  toasts: ToastStore;
  events: Events;
  courseList: CourseList;
}

interface InquiryFormProps extends FormServices {
  request: OpenRequest;
  onClose: () => void;
  onSuccess: (target: string) => void;
}

export function InquiryForm({ request, config, attribution, toasts, events, courseList, onClose, onSuccess }: InquiryFormProps) {
  const [fields, setFields] = useState<InquiryFields>(() => ({
    ...emptyInquiryFields(),
    course_id: request.course ?? '',
    course_type: request.courseType ?? '',
  }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sending, setSending] = useState(false);
  const sendingNow = useRef(false);
  const form = useRef<HTMLFormElement>(null);
  const phone = useRef<PhoneFieldHandle>(null);
  const send = useMemo(() => createLeadSender(config.leadsBase), [config.leadsBase]);
  const courses = useCourses(courseList, fields.course_type, request.course);
  // Changing a field withdraws its error: the message described what was there before.
  const fixed = (...keys: string[]) => setErrors((e) => (keys.some((k) => k in e) ? Object.fromEntries(Object.entries(e).filter(([k]) => !keys.includes(k))) : e));
  const set = <K extends keyof InquiryFields>(key: K, value: InquiryFields[K]) => {
    setFields((f) => ({ ...f, [key]: value }));
    fixed(key);
  };

  const onCourseType = (value: string) => {
    const type = value === '' ? '' : (Number(value) as CourseTypeId);
    setFields((f) => ({ ...f, course_type: type, course_id: request.course ?? '' }));
    fixed('course_type', 'course_id');
  };

  const showErrors = (next: FieldErrors) => {
    setErrors(next);
    // After the render that shows the messages, so the field is announced with its message.
    setTimeout(() => form.current && firstInvalidControl(form.current, next)?.focus());
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    // A ref, not state: a double click lands before the re-render that disables the button.
    if (sendingNow.current) return;
    sendingNow.current = true;
    const number = (await phone.current?.read()) ?? '';
    if (!isAcceptablePhone(number)) {
      sendingNow.current = false;
      toasts.show('error', INVALID_PHONE_MESSAGE);
      showErrors({ ...errors, phone: INVALID_PHONE_MESSAGE });
      return;
    }
    setSending(true);
    const payload = buildLeadPayload({ ...fields, phone: number }, attribution);
    const outcome = await send(payload);
    sendingNow.current = false;
    setSending(false);
    const detail = { course: payload.course_id || null, courseType: payload.course_type || null, source: leadSource(attribution) };
    if (outcome.ok) {
      toasts.clear('error');
      if (outcome.message) toasts.show('success', outcome.message);
      events.emit('submit', detail);
      onSuccess(request.redirect ?? config.thankYouUrl);
    } else {
      toasts.show('error', outcome.message);
      showErrors(outcome.errors);
      events.emit('error', { ...detail, reason: outcome.reason });
    }
  }

  const text = (key: 'first_name' | 'last_name' | 'email', label: string, type: string, autoComplete: string) => (
    <div className="ci-field">
      <label className="ci-label" htmlFor={`ci-${key}`}>{label}</label>
      <input
        id={`ci-${key}`}
        name={key}
        className="ci-input"
        type={type}
        placeholder={label}
        autoComplete={autoComplete}
        aria-required="true"
        value={fields[key]}
        onInput={(e) => set(key, e.currentTarget.value)}
        {...invalidProps(errors, key)}
      />
      <FieldError errors={errors} field={key} />
    </div>
  );

  const choices = <K extends 'location' | 'financial_aid'>(key: K, legend: string, values: readonly [InquiryFields[K], string, string][]) => (
    <fieldset className="ci-fieldset">
      <legend className="ci-legend">{legend}</legend>
      <div className="ci-choices">
        {values.map(([value, label, suffix]) => (
          <label className="ci-choice" key={suffix}>
            <input
              type="radio"
              id={`ci-${key}-${suffix}`}
              name={key}
              value={suffix}
              checked={fields[key] === value}
              onChange={() => (key === 'location' ? setFields((f) => ({ ...f, location: value as InquiryFields['location'], financial_aid: false })) : set(key, value))}
              {...invalidProps(errors, key)}
            />
            {label}
          </label>
        ))}
      </div>
      <FieldError errors={errors} field={key} />
    </fieldset>
  );

  return (
    <form ref={form} className="ci-form" noValidate onSubmit={submit}>
      <div className="ci-row">
        {text('first_name', 'First Name *', 'text', 'given-name')}
        {text('last_name', 'Last Name *', 'text', 'family-name')}
      </div>
      <div className="ci-row">
        <div className="ci-field">
          <label className="ci-label" htmlFor="ci-phone">Phone *</label>
          <PhoneField ref={phone} id="ci-phone" utilsUrl={config.phoneUtilsUrl} aria={invalidProps(errors, 'phone')} onInput={() => fixed('phone')} idle={courses.state !== 'loading'} />
          <FieldError errors={errors} field="phone" />
        </div>
        {text('email', 'Email *', 'email', 'email')}
      </div>
      {choices('location', 'Apply As *', [[1, 'Local Student', '1'], [2, 'International Student', '2']])}
      <CourseFields
        request={request}
        courseType={fields.course_type}
        courseId={fields.course_id}
        courses={courses}
        errors={errors}
        onCourseType={onCourseType}
        onCourse={(value) => set('course_id', value)}
      />
      {fields.location === 1 && choices('financial_aid', 'Are you looking for financial aid help?', [[false, 'No', 'no'], [true, 'Yes', 'yes']])}
      <div className="ci-honeypot" aria-hidden="true">
        <label htmlFor="ci-website">Website (leave this empty)</label>
        <input id="ci-website" name="website" type="text" tabIndex={-1} autoComplete="off" value={fields.website} onInput={(e) => set('website', e.currentTarget.value)} />
      </div>
      <p className="ci-privacy">
        We use your details only to answer your inquiry.{' '}
        <a href={`${config.origin}/privacy-policy`} target="_blank" rel="noopener">Privacy policy</a>
      </p>
      <div className="ci-actions">
        <button type="button" className="ci-button ci-close" onClick={onClose}>Close</button>
        <button type="submit" className="ci-button ci-submit" disabled={sending} aria-busy={sending}>
          {sending ? 'Sending...' : 'Submit'}
        </button>
      </div>
    </form>
  );
}
