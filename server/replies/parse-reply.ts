/**
 * A message from the mailbox, read into what the CRM keeps of it: sender, subject, date,
 * Message-ID, the addresses and thread ids that can name its lead, its text and the list of its
 * attachments. Only text is kept: an HTML body becomes text (mailparser's html-to-text, which
 * drops scripts and styles), so nothing a sender wrote is ever rendered as HTML in the CRM.
 * Attachments are listed by name, type and size; their bytes are not stored. Broken MIME is read
 * as far as it goes: whatever mailparser makes of it is kept as text.
 */
import { simpleParser, type AddressObject, type HeaderValue } from 'mailparser';

/** Text beyond this is cut (a long quoted thread or a pasted log); the row says it was. */
export const MAX_TEXT_CHARS = 100_000;
/** HTML beyond this is not converted (html-to-text is slow on megabytes); the text says so. */
const MAX_HTML_CHARS = 2_000_000;

export interface ReplyAttachment {
  name: string;
  type: string;
  size: number;
}

export interface ParsedReply {
  messageId: string | null;
  fromAddress: string;
  fromName: string;
  subject: string;
  sentAt: Date | null;
  text: string;
  truncated: boolean;
  attachments: ReplyAttachment[];
  /** Every address the message was sent to: To, Cc, Delivered-To, X-Original-To. */
  recipients: string[];
  /** Message-IDs it answers (In-Reply-To, References), without angle brackets. */
  threadIds: string[];
}

/** What PostgreSQL's text cannot hold (NUL) and control characters other than tab and line breaks. */
export function storableText(text: string, max: number): { text: string; truncated: boolean } {
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '');
  const cut = clean.length > max;
  // A cut between the halves of a surrogate pair would leave half a character: replaced.
  const kept = (cut ? clean.slice(0, max) : clean).replace(
    /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    '\uFFFD',
  );
  return { text: kept, truncated: cut };
}

const bare = (id: string) => id.trim().replace(/^<|>$/g, '').trim();
const short = (text: string, max = 500) => storableText(text, max).text;

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list.flatMap((group) => group.value.flatMap((entry) => [entry.address ?? '', ...(entry.group ?? []).map((g) => g.address ?? '')]));
}

function headerStrings(value: HeaderValue | undefined): string[] {
  if (value === undefined) return [];
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'object' && 'text' in value && typeof value.text === 'string') return [value.text];
  return [];
}

const PARSE_OPTIONS = { skipTextToHtml: true, skipImageLinks: true, maxHtmlLengthToParse: MAX_HTML_CHARS };

/**
 * mailparser converts HTML to text only where it is the message's body or beside a text part; an
 * HTML part alone inside multipart/mixed (common with attachments) comes back without text. It is
 * converted the same way, as the body of a one-part message, so its limits (size, nesting) apply.
 */
async function htmlAsText(html: string): Promise<string> {
  const single = await simpleParser(Buffer.from(`Content-Type: text/html; charset=utf-8\r\n\r\n${html}`), PARSE_OPTIONS);
  return single.text ?? '[The message was too large to convert to text.]';
}

/** A Date header PostgreSQL can hold and a person would believe (mailparser may give any year). */
function readableDate(date: Date | undefined): Date | null {
  if (!date || Number.isNaN(date.getTime())) return null;
  const year = date.getUTCFullYear();
  return year >= 1970 && year <= 9999 ? date : null;
}

/**
 * A message mailparser cannot read at all is kept as its raw text (cut), never dropped: otherwise
 * every later pass would stop at it and no reply after it would ever arrive.
 */
export async function parseReplySafely(source: Buffer): Promise<ParsedReply> {
  try {
    return await parseReply(source);
  } catch {
    const { text, truncated } = storableText(source.toString('utf8'), MAX_TEXT_CHARS);
    return {
      messageId: null,
      fromAddress: '',
      fromName: '',
      subject: '(a message that could not be read)',
      sentAt: null,
      text,
      truncated,
      attachments: [],
      recipients: [],
      threadIds: [],
    };
  }
}

export async function parseReply(source: Buffer): Promise<ParsedReply> {
  const mail = await simpleParser(source, PARSE_OPTIONS);
  const from = mail.from?.value[0];
  const rawText = mail.text ?? (typeof mail.html === 'string' ? await htmlAsText(mail.html) : '');
  const { text, truncated } = storableText(rawText, MAX_TEXT_CHARS);
  const references = Array.isArray(mail.references) ? mail.references : mail.references ? [mail.references] : [];
  const inReplyTo = mail.inReplyTo ? mail.inReplyTo.split(/\s+/) : [];
  const recipients = [
    ...addresses(mail.to),
    ...addresses(mail.cc),
    ...['delivered-to', 'x-original-to'].flatMap((name) => headerStrings(mail.headers.get(name))),
  ].filter(Boolean);
  return {
    messageId: mail.messageId ? short(bare(mail.messageId)) || null : null,
    fromAddress: short(from?.address ?? ''),
    fromName: short(from?.name ?? ''),
    subject: short(mail.subject ?? ''),
    sentAt: readableDate(mail.date),
    text,
    truncated,
    attachments: mail.attachments.map((attachment) => ({
      name: short(attachment.filename ?? '', 200) || '(unnamed)',
      type: short(attachment.contentType || 'application/octet-stream', 100),
      size: attachment.size,
    })),
    recipients,
    threadIds: [...inReplyTo, ...references.flatMap((ref) => ref.split(/\s+/))].map(bare).filter(Boolean),
  };
}
