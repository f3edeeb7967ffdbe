/**
 * The kinds of privacy request (issue 22, PIPEDA): their own module so that the answers' schemas
 * (src/privacy-schemas.ts, server-only) and the browser's contract (src/privacy-contract.ts, which
 * re-exports them) share one list without importing each other.
 */
export const PRIVACY_REQUEST_KINDS = [
  { id: 'access', title: 'Access request' },
  { id: 'withdrawal', title: 'Consent withdrawal' },
  { id: 'deletion', title: 'Deletion request' },
] as const;

export type PrivacyRequestKind = (typeof PRIVACY_REQUEST_KINDS)[number]['id'];
