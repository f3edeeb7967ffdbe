/** The enrolment panel on the application page (issue 34): filled in by its owner (stub). */
export function EnrolmentSection(_props: { applicationId: string }) {
  return null;
}
