/**
 * The widget's events for partners (widget/api.ts): handlers registered with
 * CollegeInquiry.on(), and the same moments as `collegeinquiry:<name>` CustomEvents on window,
 * so a tag manager can listen without touching our API. A partner's handler that throws is
 * reported and never breaks the form.
 */
import { WINDOW_EVENT_PREFIX, type InquiryEventHandler, type InquiryEventMap, type InquiryEventName } from './api';

export const EVENT_NAMES: readonly InquiryEventName[] = ['open', 'close', 'submit', 'error'];

export interface Events {
  on<E extends InquiryEventName>(event: E, handler: InquiryEventHandler<E>): void;
  off<E extends InquiryEventName>(event: E, handler: InquiryEventHandler<E>): void;
  emit<E extends InquiryEventName>(event: E, detail: InquiryEventMap[E]): void;
}

export function isEventName(value: unknown): value is InquiryEventName {
  return typeof value === 'string' && (EVENT_NAMES as readonly string[]).includes(value);
}

export function createEvents(target: EventTarget, warn: (message: string) => void): Events {
  const handlers = new Map<InquiryEventName, Set<(detail: never) => void>>();
  return {
    on(event, handler) {
      const set = handlers.get(event) ?? new Set();
      set.add(handler as (detail: never) => void);
      handlers.set(event, set);
    },
    off(event, handler) {
      handlers.get(event)?.delete(handler as (detail: never) => void);
    },
    emit<E extends InquiryEventName>(event: E, detail: InquiryEventMap[E]) {
      // A frozen copy: one handler cannot change what the next one sees.
      const payload = Object.freeze(Object.assign({}, detail));
      for (const handler of [...(handlers.get(event) ?? [])]) {
        try {
          // Stored per event name by on(), so this handler takes this event's payload.
          (handler as (payload: Readonly<InquiryEventMap[E]>) => void)(payload);
        } catch (error) {
          warn(`[CollegeInquiry] an "${event}" handler threw: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      target.dispatchEvent(new CustomEvent(WINDOW_EVENT_PREFIX + event, { detail: payload }));
    },
  };
}
