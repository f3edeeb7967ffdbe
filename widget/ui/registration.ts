/**
 * The registration chunk's entry (issue 31): the event registration form is fetched only when
 * register() opens it (useRegistrationForm), so a page that only offers the inquiry form never
 * downloads it. The build names the chunk after this file: college-inquiry-registration-[hash].js.
 */
export { RegistrationForm } from './RegistrationForm';
