/**
 * What the consent page asks, word for word: the purpose, who asks (with a way to reach them) and
 * that consent can be withdrawn (CASL's requirements for a request for express consent). The text
 * is stored with every opt-in, so a change here never rewrites what someone agreed to.
 */
import { COLLEGE, formatAddress } from '../../src/college';

export const CONSENT_WORDING =
  `Yes, I agree that ${COLLEGE.name} (${formatAddress()}, ${COLLEGE.emails.admissions}, ${COLLEGE.phone}) ` +
  'may send me e-mails about its programs, courses, intakes, events and offers. ' +
  'I can withdraw this consent at any time, free of charge, with the unsubscribe link in every such e-mail or on this page.';

/** The sentence and link text the inquiry confirmation adds. */
export const OPT_IN_SENTENCE = 'Would you like to hear about new programs and upcoming intakes? You can choose that here:';
export const OPT_IN_LINK_TEXT = 'Keep me informed about programs and intakes';
