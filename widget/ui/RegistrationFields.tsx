/**
 * An event's registration form (issue 24): First Name, Last Name, Phone, Email (the inquiry
 * form's order) with the inquiry form's own fields, phone package and phone rule (Field.tsx, useFieldErrors), and the Program of
 * interest. Submit posts to {api}/events/:id/registrations. The answer's message is shown in the
 * dialog and toasted (or, with a redirect, toasted on the way there); a refused field is marked
 * under it; an event that became past, cancelled or closed meanwhile (409) says so and the form
 * is disabled. Its state starts fresh on every register() (the dialog remounts it).
 */
import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { leadSource } from '../../src/attribution';
import type { PublicEvent, RegistrationAnswer, RegistrationRequest } from '../../src/events-contract';
import type { RegisterRequest } from '../controller';
import { sendRegistration } from '../submit-registration';
import { PhoneInputField, TextField } from './Field';
import { FormFooter } from './FormFooter';
import type { FormServices } from './InquiryForm';
import type { PhoneFieldHandle } from './PhoneField';
import { preselectedProgram, ProgramField } from './ProgramField';
import { useFieldErrors } from './useFieldErrors';

type Person = Pick<RegistrationRequest, 'first_name' | 'last_name' | 'email' | 'course_id'>;

interface RegistrationFieldsProps extends FormServices {
  request: RegisterRequest;
  event: PublicEvent;
  onClose: () => void;
  onSuccess: (target: string) => void;
  onDone: (answer: RegistrationAnswer) => void;
}

export function RegistrationFields(props: RegistrationFieldsProps) {
  const { request, event, config, attribution, toasts, events, courseList, onClose } = props;
  const [person, setPerson] = useState<Person>(() => ({ first_name: '', last_name: '', email: '', course_id: preselectedProgram(event) }));
  const [sending, setSending] = useState(false);
  /** Set when the server says the event can no longer take registrations: the form is then disabled. */
  const [refusal, setRefusal] = useState<string | null>(null);
  const sendingNow = useRef(false);
  const form = useRef<HTMLFormElement>(null);
  const phone = useRef<PhoneFieldHandle>(null);
  const refusalText = useRef<HTMLParagraphElement>(null);
  const { errors, fixed, show: showErrors, acceptedPhone } = useFieldErrors(form, toasts);
  const set = (key: keyof Person, value: string) => {
    setPerson((p) => ({ ...p, [key]: value }));
    fixed(key);
  };

  // The form appears once the event has loaded: the visitor starts at the first field.
  useLayoutEffect(() => form.current?.querySelector<HTMLElement>('#ci-first_name')?.focus(), []);
  useLayoutEffect(() => refusalText.current?.focus(), [refusal]);

  async function submit(submitEvent: FormEvent) {
    submitEvent.preventDefault();
    // A ref, not state: a double click lands before the re-render that disables the button.
    if (sendingNow.current || refusal) return;
    sendingNow.current = true;
    const number = await acceptedPhone(phone.current);
    if (number === null) {
      sendingNow.current = false;
      return;
    }
    setSending(true);
    const body: RegistrationRequest = {
      first_name: person.first_name.trim(),
      last_name: person.last_name.trim(),
      email: person.email.trim(),
      phone: number,
      course_id: person.course_id,
    };
    const outcome = await sendRegistration(config.apiBase, request.eventId, body);
    sendingNow.current = false;
    setSending(false);
    const detail = {
      kind: 'registration',
      event: request.eventId,
      course: body.course_id || null,
      courseType: null,
      source: leadSource(attribution),
    } as const;
    if (outcome.ok) {
      toasts.clear('error');
      toasts.show('success', outcome.answer.message);
      events.emit('submit', detail);
      if (request.redirect) props.onSuccess(request.redirect);
      else props.onDone(outcome.answer);
      return;
    }
    events.emit('error', { ...detail, reason: outcome.reason });
    if (outcome.reason === 'unavailable') return setRefusal(outcome.message);
    toasts.show('error', outcome.message);
    showErrors(outcome.errors);
  }

  return (
    <form ref={form} className="ci-form ci-form--event" noValidate onSubmit={submit} aria-describedby="ci-event-title">
      {refusal && (
        <p className="ci-refusal" role="alert" tabIndex={-1} ref={refusalText}>
          {refusal}
        </p>
      )}
      <fieldset className="ci-fields" disabled={refusal !== null}>
        <legend className="ci-visually-hidden">Your details</legend>
        <div className="ci-row">
          <TextField
            field="first_name"
            label="First Name *"
            type="text"
            autoComplete="given-name"
            value={person.first_name}
            errors={errors}
            onValue={(v) => set('first_name', v)}
          />
          <TextField
            field="last_name"
            label="Last Name *"
            type="text"
            autoComplete="family-name"
            value={person.last_name}
            errors={errors}
            onValue={(v) => set('last_name', v)}
          />
        </div>
        <div className="ci-row">
          <PhoneInputField ref={phone} utilsUrl={config.phoneUtilsUrl} errors={errors} onInput={() => fixed('phone')} idle />
          <TextField
            field="email"
            label="Email *"
            type="email"
            autoComplete="email"
            value={person.email}
            errors={errors}
            onValue={(v) => set('email', v)}
          />
        </div>
        <ProgramField event={event} courseList={courseList} value={person.course_id} errors={errors} onValue={(v) => set('course_id', v)} />
      </fieldset>
      <FormFooter
        use="We use your details for this event and to answer your questions about our programs."
        origin={config.origin}
        onClose={onClose}
        sending={sending}
        submit={event.availability === 'full' ? 'Join the waitlist' : 'Register'}
        blocked={refusal !== null}
      />
    </form>
  );
}
