/**
 * Checks what a host page passes to CollegeInquiry.open(). A bad argument is dropped with a
 * clear console warning and the form still opens without that preset: a visitor who clicked
 * "Apply" should get the form, and nothing may throw into the host page.
 */
import { INQUIRY_COURSE_TYPES, type CourseTypeId } from '../src/lookups';

export interface OpenOptions {
  course: string | null;
  courseType: CourseTypeId | null;
  redirect: string | null;
}

export type Warn = (message: string) => void;

const PREFIX = '[CollegeInquiry]';
const COURSE_ID = /^[0-9a-f]{24}$/i;

export function parseOpenArguments(args: readonly unknown[], pageHref: string, warn: Warn): OpenOptions {
  const [course, courseType, redirect] = args;
  if (args.length > 3) warn(`${PREFIX} open() takes at most 3 arguments (course, courseType, redirect); the rest are ignored.`);
  return {
    course: parseCourse(course, warn),
    courseType: parseCourseType(courseType, warn),
    redirect: parseRedirect(redirect, pageHref, warn),
  };
}

const isEmpty = (value: unknown): boolean => value === undefined || value === null || value === '';

function parseCourse(value: unknown, warn: Warn): string | null {
  if (isEmpty(value)) return null;
  if (typeof value === 'string' && COURSE_ID.test(value.trim())) return value.trim().toLowerCase();
  warn(
    `${PREFIX} open(course): expected a course _id (24 hexadecimal characters), got ${describe(value)}; opening without a preset course.`,
  );
  return null;
}

function parseCourseType(value: unknown, warn: Warn): CourseTypeId | null {
  if (isEmpty(value)) return null;
  const id = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  const known = INQUIRY_COURSE_TYPES.find((type) => type.id === id);
  if (known) return known.id;
  const allowed = INQUIRY_COURSE_TYPES.map((type) => `${type.id} (${type.title})`).join(' or ');
  warn(
    `${PREFIX} open(course, courseType): expected a course type ${allowed}, got ${describe(value)}; opening without a preset course type.`,
  );
  return null;
}

/** A redirect URL or path; `call` and `fallback` name the call and what happens without it in the warning. */
export function parseRedirect(
  value: unknown,
  pageHref: string,
  warn: Warn,
  call = 'open(course, courseType, redirect)',
  fallback = 'the thank-you page will be used',
): string | null {
  if (isEmpty(value)) return null;
  if (typeof value === 'string') {
    try {
      const url = new URL(value.trim(), pageHref);
      // Only web addresses: a javascript: or data: "redirect" would run code in the host page.
      if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
    } catch {
      // falls through to the warning
    }
  }
  warn(`${PREFIX} ${call}: expected an http(s) URL or a path, got ${describe(value)}; ${fallback}.`);
  return null;
}

export function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}...` : value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value && typeof value === 'object') return `an object (${Object.prototype.toString.call(value).slice(8, -1)})`;
  return typeof value;
}

/** A queued call as the README's stub records it: [method name, arguments]. */
export type QueuedCall = [method: string, args: unknown[]];

/** The API a queued call may name (the stub records calls by method name); close() ignores arguments. */
export interface Callable {
  open(...args: unknown[]): void;
  register(...args: unknown[]): void;
  close(...args: unknown[]): void;
  on(...args: unknown[]): void;
  off(...args: unknown[]): void;
}

const QUEUEABLE: readonly unknown[] = ['open', 'register', 'close', 'on', 'off'] satisfies (keyof Callable)[];

/** Replays calls made before the script loaded, in order; malformed entries are warned about and skipped. */
export function replayQueue(queue: unknown, api: Callable, warn: Warn): void {
  if (queue === undefined || queue === null) return;
  if (!Array.isArray(queue)) {
    warn(`${PREFIX} the queue stub's "q" is not an array; queued calls are ignored.`);
    return;
  }
  for (const entry of queue as unknown[]) {
    const [method, args] = Array.isArray(entry) ? entry : [];
    const list: unknown[] = Array.isArray(args) ? args : [];
    if (QUEUEABLE.includes(method)) api[method as keyof Callable](...list);
    else warn(`${PREFIX} ignoring a queued call to unknown method ${describe(method)}.`);
  }
}
