/**
 * An e-mail address as a mailto link. In a table column too narrow for it, CSS cuts it with an
 * ellipsis on one line; the whole address is its title and shows, wrapped, when the link is
 * hovered or focused.
 */
export function EmailLink({ email }: { email: string }) {
  return (
    <a href={`mailto:${email}`} className="crm-email" title={email}>
      {email}
    </a>
  );
}
