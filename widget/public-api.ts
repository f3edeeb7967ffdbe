/**
 * Builds the object installed as window.CollegeInquiry. Every call is checked and wrapped: a
 * host page's mistake is reported with console.warn and never throws into the page.
 */
import type { CollegeInquiryApi } from './api';
import { parseOpenArguments, type Warn } from './arguments';
import type { Controller } from './controller';

export interface ApiDeps {
  controller: Controller;
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
  const api: CollegeInquiryApi = {
    open(...args: unknown[]) {
      open(args, deps.focused());
    },
    close() {
      guard('close()', () => deps.controller.close());
    },
    version: deps.version,
  };
  return { api: Object.freeze(api), openFrom: open };
}
