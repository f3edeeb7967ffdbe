/**
 * The Student Inquiry Form's fields and submission (seed §2 "Inquiry modal", §4, §5, §8).
 * Its state starts fresh on every open (the dialog remounts it), which is the seed's reset.
 */
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify/unstyled';
import type { Attribution } from '../../src/attribution';
import { INQUIRY_COURSE_TYPES, type CourseTypeId } from '../../src/lookups';
import { buildLeadPayload, emptyInquiryFields, INVALID_PHONE_MESSAGE, isAcceptablePhone, type InquiryFields } from '../../src/lead-payload';
import type { WidgetConfig } from '../config';
import type { OpenRequest } from '../controller';
import { createLeadSender } from '../submit-lead';
import { PhoneField, type PhoneFieldHandle } from './PhoneField';
import { useCourses } from './useCourses';

interface InquiryFormProps {
  request: OpenRequest;
  config: WidgetConfig;
  attribution: Attribution;
  onClose: () => void;
  onSuccess: (target: string) => void;
}

export function InquiryForm({ request, config, attribution, onClose, onSuccess }: InquiryFormProps) {
  const [fields, setFields] = useState<InquiryFields>(() => ({
    ...emptyInquiryFields(),
    course_id: request.course ?? '',
    course_type: request.courseType ?? '',
  }));
  const [sending, setSending] = useState(false);
  const sendingNow = useRef(false);
  const phone = useRef<PhoneFieldHandle>(null);
  const send = useMemo(() => createLeadSender(config.leadsBase), [config.leadsBase]);
  const courses = useCourses(config.apiBase, fields.course_type, request.course);
  const set = <K extends keyof InquiryFields>(key: K, value: InquiryFields[K]) => setFields((f) => ({ ...f, [key]: value }));

  const onCourseType = (value: string) => {
    const type = value === '' ? '' : (Number(value) as CourseTypeId);
    setFields((f) => ({ ...f, course_type: type, course_id: request.course ?? '' }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    // A ref, not state: a double click lands before the re-render that disables the button.
    if (sendingNow.current) return;
    const number = phone.current?.read() ?? '';
    if (!isAcceptablePhone(number)) {
      toast.error(INVALID_PHONE_MESSAGE);
      return;
    }
    sendingNow.current = true;
    setSending(true);
    const outcome = await send(buildLeadPayload({ ...fields, phone: number }, attribution));
    sendingNow.current = false;
    setSending(false);
    if (outcome.ok) {
      if (outcome.message) toast.success(outcome.message);
      onSuccess(request.redirect ?? config.thankYouUrl);
    } else {
      toast.error(outcome.message);
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
      />
    </div>
  );

  return (
    <form className="ci-form" noValidate onSubmit={submit}>
      <div className="ci-row">
        {text('first_name', 'First Name *', 'text', 'given-name')}
        {text('last_name', 'Last Name *', 'text', 'family-name')}
      </div>
      <div className="ci-row">
        <div className="ci-field">
          <label className="ci-label" htmlFor="ci-phone">Phone *</label>
          <PhoneField ref={phone} id="ci-phone" utilsUrl={config.phoneUtilsUrl} />
        </div>
        {text('email', 'Email *', 'email', 'email')}
      </div>
      <fieldset className="ci-fieldset">
        <legend className="ci-legend">Apply As *</legend>
        <div className="ci-choices">
          {([1, 2] as const).map((location) => (
            <label className="ci-choice" key={location}>
              <input
                type="radio"
                name="location"
                value={location}
                checked={fields.location === location}
                onChange={() => setFields((f) => ({ ...f, location, financial_aid: false }))}
              />
              {location === 1 ? 'Local Student' : 'International Student'}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="ci-row">
        <div className="ci-field">
          <label className="ci-label" htmlFor="ci-course-type">Course Type</label>
          <select
            id="ci-course-type"
            name="course_type"
            className="ci-select"
            value={String(fields.course_type)}
            disabled={request.courseType !== null}
            onChange={(e) => onCourseType(e.currentTarget.value)}
          >
            <option value="">Select Course Type</option>
            {INQUIRY_COURSE_TYPES.map((type) => (
              <option key={type.id} value={String(type.id)}>{type.title}</option>
            ))}
          </select>
        </div>
        <div className="ci-field">
          <label className="ci-label" htmlFor="ci-course">Course</label>
          <select
            id="ci-course"
            name="course_id"
            className="ci-select"
            value={fields.course_id}
            disabled={request.course !== null}
            onChange={(e) => set('course_id', e.currentTarget.value)}
          >
            <option value="">Select Course</option>
            {courses.map((course) => (
              <option key={course._id} value={course._id}>{course.course_name}</option>
            ))}
          </select>
        </div>
      </div>
      {fields.location === 1 && (
        <fieldset className="ci-fieldset">
          <legend className="ci-legend">Are you looking for financial aid help?</legend>
          <div className="ci-choices">
            {([false, true] as const).map((aid) => (
              <label className="ci-choice" key={String(aid)}>
                <input type="radio" name="financial_aid" value={aid ? 'yes' : 'no'} checked={fields.financial_aid === aid} onChange={() => set('financial_aid', aid)} />
                {aid ? 'Yes' : 'No'}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <div className="ci-honeypot" aria-hidden="true">
        <label htmlFor="ci-website">Website (leave this empty)</label>
        <input id="ci-website" name="website" type="text" tabIndex={-1} autoComplete="off" value={fields.website} onInput={(e) => set('website', e.currentTarget.value)} />
      </div>
      <div className="ci-actions">
        <button type="button" className="ci-button ci-close" onClick={onClose}>Close</button>
        <button type="submit" className="ci-button ci-submit" disabled={sending} aria-busy={sending}>
          {sending ? 'Sending...' : 'Submit'}
        </button>
      </div>
    </form>
  );
}
