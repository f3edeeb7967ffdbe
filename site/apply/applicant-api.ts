/**
 * The portal's calls (issue 33). The applicant's bearer token is kept in localStorage, so a
 * closed tab comes back signed in until the session's idle or absolute expiry; the draft itself
 * lives on the server.
 */
import { apiFetch, type ApiRequest } from '../../src/api-client';
import {
  applicantPaths,
  type ApplicantAnswer,
  type ApplicantApplication,
  type ApplicantSession,
  type ApplicationAnswers,
  type ApplicationStepId,
} from '../../src/application-contract';

const TOKEN_KEY = 'college.applicant.token';

export function applicantToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function keepApplicantToken(token: string | null): void {
  try {
    if (token) window.localStorage.setItem(TOKEN_KEY, token);
    else window.localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Private mode without storage: the session lasts as long as the page.
  }
}

export function call<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const token = applicantToken();
  return apiFetch<T>('', path, { ...request, headers: { ...request.headers, ...(token ? { Authorization: `Bearer ${token}` } : {}) } });
}

export const askForLink = (email: string, courseId: string) =>
  apiFetch<{ message: string }>('', applicantPaths.signInLink, { method: 'POST', body: { email, course_id: courseId } });
export const openLink = (token: string) => apiFetch<ApplicantSession>('', applicantPaths.session, { method: 'POST', body: { token } });
export const signOut = () => call<{ message: string }>(applicantPaths.session, { method: 'DELETE' });
export const readApplication = () => call<ApplicantApplication>(applicantPaths.application);
export const saveFields = (fields: ApplicationAnswers) =>
  call<ApplicantApplication>(applicantPaths.application, { method: 'PATCH', body: fields });
export const checkStep = (step: ApplicationStepId) => call<ApplicantApplication>(applicantPaths.step(step), { method: 'POST', body: {} });
export const submit = () => call<ApplicantApplication>(applicantPaths.submit, { method: 'POST', body: {} });
export const answerOffer = (answer: ApplicantAnswer) =>
  call<ApplicantApplication>(applicantPaths.answer, { method: 'POST', body: { answer } });
