/**
 * Builds the object installed as window.CollegeInquiry. Every call is checked and wrapped: a
 * host page's mistake is reported with console.warn and never throws into the page.
 */
import type { CollegeInquiryApi, InquiryEventHandler, InquiryEventName } from './api';
import { parseOpenArguments, type Warn } from './arguments';
import type { Controller } from './controller';
import { isEventName, type Events } from './events';
import { parseRegisterArguments } from './register-arguments';

export interface ApiDeps {
  controller: Controller;
  events: Events;
  version: string;
  pageHref: () => string;
  /** The element that has focus now (the opener), if it can take focus back later. */
  focused: () => HTMLElement | null;
  warn: Warn;
}

export interface InquiryApi {
  /** The frozen object for window.CollegeInquiry. */
  api: CollegeInquiryApi;
  /** open() for declarative openers: the clicked element is the opener focus returns to. */
  openFrom(args: unknown[], opener: HTMLElement): void;
  /** register() for declarative openers (data-college-event), likewise. */
  registerFrom(args: unknown[], opener: HTMLElement): void;
}

export function createPublicApi(deps: ApiDeps): InquiryApi {
  const guard = (what: string, work: () => void) => {
    try {
      work();
    } catch (error) {
      deps.warn(`[CollegeInquiry] ${what} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const open = (args: unknown[], opener: HTMLElement | null) =>
    guard('open()', () => deps.controller.open(parseOpenArguments(args, deps.pageHref(), deps.warn), opener));
  const register = (args: unknown[], opener: HTMLElement | null) =>
    guard('register()', () => deps.controller.register(parseRegisterArguments(args, deps.pageHref(), deps.warn), opener));
  // The typed signatures of CollegeInquiryApi are for partners' compilers; at run time a page
  // can pass anything, so the implementations take unknown and check.
  const api: CollegeInquiryApi = {
    open(...args: unknown[]) {
      open(args, deps.focused());
    },
    register(...args: unknown[]) {
      register(args, deps.focused());
    },
    close() {
      guard('close()', () => deps.controller.close());
    },
    on(event: unknown, handler: unknown) {
      guard('on()', () => {
        const listener = checkListener('on', event, handler, deps.warn);
        if (listener) deps.events.on(...listener);
      });
    },
    off(event: unknown, handler: unknown) {
      guard('off()', () => {
        const listener = checkListener('off', event, handler, deps.warn);
        if (listener) deps.events.off(...listener);
      });
    },
    version: deps.version,
  };
  return { api: Object.freeze(api), openFrom: open, registerFrom: register };
}

/** The event and handler when both are usable; otherwise a warning and null. */
function checkListener(
  method: string,
  event: unknown,
  handler: unknown,
  warn: Warn,
): [InquiryEventName, InquiryEventHandler<InquiryEventName>] | null {
  if (!isEventName(event)) {
    warn(
      `[CollegeInquiry] ${method}(event, handler): unknown event ${JSON.stringify(String(event))}; use "open", "close", "submit" or "error".`,
    );
    return null;
  }
  if (typeof handler !== 'function') {
    warn(`[CollegeInquiry] ${method}("${event}", handler): the handler must be a function.`);
    return null;
  }
  return [event, handler as InquiryEventHandler<InquiryEventName>];
}
