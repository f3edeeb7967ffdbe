/**
 * The address a student's reply comes back to: the admissions mailbox, plus-addressed with a token
 * that names the message it answers (`admissions+r-<token>@college`). Mail sent from a lead carries it
 * as Reply-To (server/outreach/), and the IMAP reader (server/replies/) reads the token back out of
 * the To, Cc or Delivered-To of a reply. The token is random, not the lead's id: an address seen in
 * one thread says nothing about any other lead.
 */
import crypto from 'node:crypto';

const TOKEN = /^[a-z2-7]{20}$/;
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** 20 base32 letters: 100 random bits, short enough for an address's local part. */
export function newReplyToken(): string {
  const bytes = crypto.randomBytes(20);
  return Array.from(bytes, (byte) => BASE32[byte & 31]).join('');
}

/** `admissions@x.ca` and a token → `admissions+r-<token>@x.ca`. */
export function replyAddress(mailbox: string, token: string): string {
  const at = mailbox.lastIndexOf('@');
  const local = mailbox.slice(0, at).replace(/\+.*$/, '');
  return `${local}+r-${token}${mailbox.slice(at)}`;
}

/** The token of a reply address (any case, with or without a display name), or null. */
export function replyTokenOf(address: string): string | null {
  const bare = /<([^>]*)>/.exec(address)?.[1] ?? address;
  const match = /\+r-([a-z2-7]{20})@/i.exec(bare.trim());
  const token = match?.[1]?.toLowerCase() ?? null;
  return token && TOKEN.test(token) ? token : null;
}
