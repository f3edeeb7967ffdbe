/**
 * The contract's e-mails to the student (issue 34): the contract is ready to sign; the copy of the
 * signed contract (the Act's "copy", the final PDF attached, with a Message-ID of its own so a
 * resend is recognisably the same message); the cancellation's confirmation. Plain text plus simple HTML.
 */
import { COLLEGE } from '../../src/college';
import { escapeHtml } from '../../src/escape-html';
import { formatCents } from '../../src/ledger-contract';
import { formatTorontoDate } from '../../src/enrolment-time';
import type { MailMessage } from '../mail/mailer';

interface Letter {
  to: string;
  subject: string;
  paragraphs: string[];
}

function letter({ to, subject, paragraphs }: Letter): MailMessage {
  const all = ['Hello,', ...paragraphs, COLLEGE.name];
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222">
${all.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
</body></html>`;
  return { to, subject, text: all.join('\n\n'), html };
}

export function contractReadyMail(input: { to: string; program: string; portalUrl: string; version: number }): MailMessage {
  return letter({
    to: input.to,
    subject: `Your enrolment contract for ${input.program} is ready to sign`,
    paragraphs: [
      `Your enrolment contract for ${input.program} (version ${input.version}) is ready. Read it and sign it in your application: ${input.portalUrl}`,
      'Once you and the college have signed it, we e-mail you a copy. You may cancel within two days of receiving that copy, with a full refund of everything you paid.',
    ],
  });
}

export function contractCopyMail(input: {
  to: string;
  contractId: string;
  program: string;
  version: number;
  sha256: string;
  pdf: Uint8Array;
  domain: string;
}): MailMessage {
  const message = letter({
    to: input.to,
    subject: `Your signed enrolment contract for ${input.program}`,
    paragraphs: [
      `Attached is your copy of the enrolment contract for ${input.program} (version ${input.version}), signed by you and by the college. Its last page records the signatures and the document's fingerprint (SHA-256 ${input.sha256}).`,
      'You may cancel this contract by written notice within two days of receiving this copy, and every fee you paid, the application fee included, will be refunded. Your application shows the exact deadline and a button to cancel.',
    ],
  });
  return {
    ...message,
    envelope: {
      messageId: `contract-${input.contractId}-v${input.version}@${input.domain}`,
      attachments: [
        {
          filename: `enrolment-contract-v${input.version}.pdf`,
          contentType: 'application/pdf',
          content: Buffer.from(input.pdf).toString('base64'),
        },
      ],
    },
  };
}

export function cancellationMail(input: { to: string; program: string; refundCents: number; dueAt: Date }): MailMessage {
  return letter({
    to: input.to,
    subject: `Your enrolment contract for ${input.program} is cancelled`,
    paragraphs: [
      `We have received your notice and cancelled your enrolment contract for ${input.program}.`,
      input.refundCents > 0
        ? `Everything you paid, ${formatCents(input.refundCents)}, will be refunded by ${formatTorontoDate(input.dueAt)}. You will receive a receipt for the refund.`
        : 'You had not paid any fees, so there is nothing to refund.',
    ],
  });
}
