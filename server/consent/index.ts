/**
 * The consent feature's public module: what other modules may import from server/consent/ besides
 * its routes (feature.ts, which server/app.ts lists), checked by scripts/feature-boundaries.mjs.
 * Everything else in the folder is the feature's own. The routes stay out of here so that a module
 * needing a consent check does not load them (nor register their answer shape) early.
 */
/** Whether commercial mail may go to an address, and the facts it rests on (outreach, sequences). */
export { allowsCommercial, consentFacts, consentFor, normalEmail, stateOf, type ConsentFacts, type ConsentState } from './consent-status';
/** A commercial mail's unsubscribe link and headers (outreach). */
export { commercialMail } from './commercial-mail';
/** The links a mail carries to the consent page, and their key (leads' and events' mails, the key's resealing). */
export { consentPageUrl, linkTokens, type LinkSettings, type MailLink } from './consent-token';
export { loadLinkKey, resealLinkKey } from './link-key';
/** The opt-in sentence a mail carries (leads' and events' mails). */
export { OPT_IN_LINK_TEXT, OPT_IN_SENTENCE } from './consent-wording';
/** An address that completed a link from us (events' seat holds). */
export { confirmAddress } from './confirmed-addresses';
/** Its personal data, for the privacy registry (server/privacy/registry.ts). */
export { PERSONAL_DATA as CONSENT_PERSONAL_DATA } from './personal-data';
