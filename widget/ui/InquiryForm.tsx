/**
 * The Student Inquiry Form's fields and submission (requirements R-inquiry-form "Inquiry modal", R-inquiry-states, R-validation, R-errors).
 * Its state starts fresh on every open (the dialog remounts it), which is the seed's reset.
 * A refusal marks every invalid field beside it and moves focus to the first one; the toast
 * still carries the server's message (requirements R-error-toasts).
 */
import { useMemo, useRef, useState, type FormEvent } from 'react';
import type { Attribution } from '../../src/attribution';
import { leadSource } from '../../src/attribution';
import type { CourseTypeId } from '../../src/lookups';
import { buildLeadPayload, emptyInquiryFields, type InquiryFields } from '../../src/lead-payload';
import type { WidgetConfig } from '../config';
import type { InquiryRequest } from '../controller';
import type { CourseList } from '../course-source';
import type { Events } from '../events';
import { createLeadSender } from '../submit-lead';
import type { ToastStore } from '../toasts';
import { CourseFields } from './CourseFields';
import { PhoneInputField, TextField } from './Field';
import { FormFooter } from './FormFooter';
import { FieldError, invalidProps } from './field-errors';
import type { PhoneFieldHandle } from './PhoneField';
import { useCourses } from './useCourses';
import { useFieldErrors } from './useFieldErrors';

export interface FormServices {
  config: WidgetConfig;
  attribution: Attribution;
  toasts: ToastStore;
  events: Events;
  courseList: CourseList;
}

interface InquiryFormProps extends FormServices {
  request: InquiryRequest;
  onClose: () => void;
  onSuccess: (target: string) => void;
}

export function InquiryForm({ request, config, attribution, toasts, events, courseList, onClose, onSuccess }: InquiryFormProps) {
  const [fields, setFields] = useState<InquiryFields>(() => ({
    ...emptyInquiryFields(),
    course_id: request.course ?? '',
    course_type: request.courseType ?? '',
  }));
  const [sending, setSending] = useState(false);
  const sendingNow = useRef(false);
  const form = useRef<HTMLFormElement>(null);
  const phone = useRef<PhoneFieldHandle>(null);
  const send = useMemo(() => createLeadSender(config.leadsBase), [config.leadsBase]);
  const courses = useCourses(courseList, fields.course_type, request.course);
  const { errors, fixed, show: showErrors, acceptedPhone } = useFieldErrors(form, toasts);
  const set = <K extends keyof InquiryFields>(key: K, value: InquiryFields[K]) => {
    setFields((f) => ({ ...f, [key]: value }));
    fixed(key);
  };

  const onCourseType = (value: string) => {
    const type = value === '' ? '' : (Number(value) as CourseTypeId);
    setFields((f) => ({ ...f, course_type: type, course_id: request.course ?? '' }));
    fixed('course_type', 'course_id');
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    // A ref, not state: a double click lands before the re-render that disables the button.
    if (sendingNow.current) return;
    sendingNow.current = true;
    const number = await acceptedPhone(phone.current);
    if (number === null) {
      sendingNow.current = false;
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
    <TextField
      field={key}
      label={label}
      type={type}
      autoComplete={autoComplete}
      value={fields[key]}
      errors={errors}
      onValue={(value) => set(key, value)}
    />
  );

  const choices = <K extends 'location' | 'financial_aid'>(
    key: K,
    legend: string,
    values: readonly [InquiryFields[K], string, string][],
  ) => (
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
              onChange={() =>
                key === 'location'
                  ? setFields((f) => ({ ...f, location: value as InquiryFields['location'], financial_aid: false }))
                  : set(key, value)
              }
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
        <PhoneInputField
          ref={phone}
          utilsUrl={config.phoneUtilsUrl}
          errors={errors}
          onInput={() => fixed('phone')}
          idle={courses.state !== 'loading'}
        />
        {text('email', 'Email *', 'email', 'email')}
      </div>
      {choices('location', 'Apply As *', [
        [1, 'Local Student', '1'],
        [2, 'International Student', '2'],
      ])}
      <CourseFields
        request={request}
        courseType={fields.course_type}
        courseId={fields.course_id}
        courses={courses}
        errors={errors}
        onCourseType={onCourseType}
        onCourse={(value) => set('course_id', value)}
      />
      {fields.location === 1 &&
        choices('financial_aid', 'Are you looking for financial aid help?', [
          [false, 'No', 'no'],
          [true, 'Yes', 'yes'],
        ])}
      <div className="ci-honeypot" aria-hidden="true">
        <label htmlFor="ci-website">Website (leave this empty)</label>
        <input
          id="ci-website"
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={fields.website}
          onInput={(e) => set('website', e.currentTarget.value)}
        />
      </div>
      <FormFooter
        use="We use your details only to answer your inquiry."
        origin={config.origin}
        onClose={onClose}
        sending={sending}
        submit="Submit"
      />
    </form>
  );
}
