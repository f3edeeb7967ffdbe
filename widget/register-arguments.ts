/**
 * Checks what a host page passes to CollegeInquiry.register(eventId, redirect). Event ids are
 * decimal strings (src/events-contract.ts); a number is taken too. An unusable id still opens
 * the dialog, which tells the visitor the event cannot be found (a visitor who clicked
 * "Register" should be told something), and the page's developer gets the console warning.
 */
import { describe, parseRedirect, type Warn } from './arguments';
import type { RegisterOptions } from './controller';

const EVENT_ID = /^\d{1,18}$/;

export function parseRegisterArguments(args: readonly unknown[], pageHref: string, warn: Warn): RegisterOptions {
  const [eventId, redirect] = args;
  if (args.length > 2) warn('[CollegeInquiry] register() takes at most 2 arguments (eventId, redirect); the rest are ignored.');
  const id = typeof eventId === 'number' && Number.isSafeInteger(eventId) ? String(eventId) : eventId;
  const usable = typeof id === 'string' && EVENT_ID.test(id.trim());
  if (!usable) warn(`[CollegeInquiry] register(eventId): expected an event id (decimal digits), got ${describe(eventId)}.`);
  return {
    eventId: usable ? id.trim() : '',
    redirect: parseRedirect(redirect, pageHref, warn, 'register(eventId, redirect)', 'the dialog will show the confirmation'),
  };
}
