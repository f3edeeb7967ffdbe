/**
 * What the consent page asks, word for word: the purpose, who asks (with a way to reach them) and
 * that consent can be withdrawn (CASL's requirements for a request for express consent). The text
 * is stored with every opt-in, so a change here never rewrites what someone agreed to.
 */
import crypto from 'node:crypto';
import { COLLEGE, formatAddress } from '../../src/college';

export const CONSENT_WORDING =
  `Yes, I agree that ${COLLEGE.name} (${formatAddress()}, ${COLLEGE.emails.admissions}, ${COLLEGE.phone}) ` +
  'may send me e-mails about its programs, courses, intakes, events and offers. ' +
  'I can withdraw this consent at any time, free of charge, with the unsubscribe link in every such e-mail or on this page.';

/** The sentence and link text the inquiry confirmation adds. */
export const OPT_IN_SENTENCE = 'Would you like to hear about new programs and upcoming intakes? You can choose that here:';
export const OPT_IN_LINK_TEXT = 'Keep me informed about programs and intakes';

/**
 * The version of a consent form, recorded with every opt-in (what the CRTC asks a sender to be
 * able to show): a short hash of the wording shown, so it changes whenever a word does and two
 * records with one version were given to the same text.
 */
export function wordingVersion(wording: string): string {
  return crypto.createHash('sha256').update(wording, 'utf8').digest('hex').slice(0, 12);
}

/** The consent page's form as recorded: its path and the version of its wording. */
export const CONSENT_FORM = `/email-preferences, wording ${wordingVersion(CONSENT_WORDING)}`;
