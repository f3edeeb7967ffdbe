/**
 * An e-mail address as a mailto link that may wrap in a narrow table column: the preferred break
 * is after the "@" (a <wbr>), so the whole address stays readable on two lines rather than clipped.
 */
export function EmailLink({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  return (
    <a href={`mailto:${email}`} className="crm-email">
      {at > 0 ? <>{email.slice(0, at + 1)}<wbr />{email.slice(at + 1)}</> : email}
    </a>
  );
}
