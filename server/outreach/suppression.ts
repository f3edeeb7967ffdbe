/**
 * Addresses no message may go to, whatever its purpose, with the reason staff are shown. Today:
 * addresses that cannot be delivered by design, the reserved `.invalid` domain (RFC 2606) that
 * anonymisation writes in place of a person's address. (Withdrawn consent refuses commercial mail
 * through the consent check itself; transactional mail and direct answers may still go, as CASL allows.)
 */
export const SUPPRESSED_MESSAGE = "This address is suppressed: the lead's personal data was removed, so no e-mail can be sent to it.";

export function suppressionOf(email: string): string | null {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  if (!email.includes('@') || domain === 'invalid' || domain.endsWith('.invalid')) return SUPPRESSED_MESSAGE;
  return null;
}
