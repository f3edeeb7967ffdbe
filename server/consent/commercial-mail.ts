/**
 * The gate every commercial message passes (CASL): refused unless consent covers the address now
 * (an unsubscribed or expired address is suppressed for every later send), otherwise returned with
 * the sender's identification (name, mailing address, a contact) and a free unsubscribe link in
 * both bodies, and the RFC 8058 one-click headers, so mail clients can offer "Unsubscribe".
 * The link is the mail's own and expires (consent-token.ts), so the mail is queued sealed until
 * then and blanked once delivered (server/mail/mail-queue.ts); `keptText` is the text as the
 * CRM keeps it, the link replaced by words (no live link at rest, issue 35).
 */
import type { Config } from '../config';
import type { Queryable } from '../db/database';
import type { MailMessage } from '../mail/mailer';
import { COLLEGE, formatAddress } from '../../src/college';
import { escapeHtml } from '../../src/escape-html';
import { allowsCommercial, consentFor } from './consent-status';
import { linkTokens, unsubscribeUrl } from './consent-token';

/** What stands for the link in the copy the CRM keeps. */
export const KEPT_LINK = '[personal unsubscribe link]';

function footerText(link: string): string {
  return [
    '',
    '--',
    `${COLLEGE.name}, ${formatAddress()}, ${COLLEGE.address.country}`,
    `Phone ${COLLEGE.phone} · ${COLLEGE.emails.admissions}`,
    `You receive this e-mail because you asked us about our programs. Unsubscribe (free, no sign-in): ${link}`,
  ].join('\n');
}

function footerHtml(link: string): string {
  const contact = `Phone <a href="${COLLEGE.phoneHref}">${escapeHtml(COLLEGE.phone)}</a> · <a href="mailto:${COLLEGE.emails.admissions}">${COLLEGE.emails.admissions}</a>`;
  return (
    '<hr><p style="font-size:12px;color:#555">' +
    `${escapeHtml(COLLEGE.name)}, ${escapeHtml(formatAddress())}, ${escapeHtml(COLLEGE.address.country)}<br>${contact}<br>` +
    `You receive this e-mail because you asked us about our programs. <a href="${escapeHtml(link)}">Unsubscribe</a> (free, no sign-in).</p>`
  );
}

/** The footer goes before `</body>` when the HTML has one, else at the end. */
function withHtmlFooter(html: string, footer: string): string {
  const end = html.toLowerCase().lastIndexOf('</body>');
  return end === -1 ? `${html}\n${footer}` : `${html.slice(0, end)}${footer}\n${html.slice(end)}`;
}

export async function commercialMail(
  db: Queryable,
  config: Config,
  message: MailMessage,
  now?: Date,
): Promise<{ ok: true; message: MailMessage; keptText: string } | { ok: false; reason: string }> {
  const state = await consentFor(db, message.to, now ?? new Date());
  if (!allowsCommercial(state)) return { ok: false, reason: state.line };
  const { url: link, expiresAt } = unsubscribeUrl(await linkTokens(db, config), config.siteUrl, message.to);
  return {
    ok: true,
    keptText: `${message.text}\n${footerText(KEPT_LINK)}`,
    message: {
      ...message,
      secretExpiresAt: expiresAt,
      text: `${message.text}\n${footerText(link)}`,
      html: withHtmlFooter(message.html, footerHtml(link)),
      envelope: {
        ...message.envelope,
        headers: {
          ...message.envelope?.headers,
          'List-Unsubscribe': `<${link}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      },
    },
  };
}
