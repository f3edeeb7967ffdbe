import { parseOpenArguments, replayQueue } from '../../widget/arguments';
import { createController } from '../../widget/controller';
import { createEvents } from '../../widget/events';
import { createPublicApi } from '../../widget/public-api';
import type { InquiryEventDetail } from '../../widget/api';

const PAGE = 'https://partner.example/landing';
const COURSE = '65a1b2c3d4e5f60718293a4b';

function setup() {
  const warnings: string[] = [];
  const controller = createController();
  const target = new EventTarget();
  const events = createEvents(target, (m) => warnings.push(m));
  const { api, openFrom } = createPublicApi({
    controller,
    events,
    version: '9.9.9',
    pageHref: () => PAGE,
    focused: () => null,
    warn: (m) => warnings.push(m),
  });
  return { api, openFrom, controller, warnings, events, target };
}

describe('open() arguments', () => {
  const parse = (...args: unknown[]) => {
    const warnings: string[] = [];
    return { options: parseOpenArguments(args, PAGE, (m) => warnings.push(m)), warnings };
  };

  test('no arguments: no presets, no warnings', () => {
    expect(parse()).toEqual({ options: { course: null, courseType: null, redirect: null }, warnings: [] });
    expect(parse(null, '', undefined).warnings).toEqual([]);
  });

  test('valid presets: a course _id, a course type (number or numeric string), a redirect path or URL', () => {
    expect(parse(COURSE.toUpperCase(), '2', '/thanks').options).toEqual({
      course: COURSE,
      courseType: 2,
      redirect: 'https://partner.example/thanks',
    });
    expect(parse(null, 1, 'https://college.example/done?x=1').options).toEqual({
      course: null,
      courseType: 1,
      redirect: 'https://college.example/done?x=1',
    });
  });

  test.each([
    [[123], 'open(course)'],
    [['not-an-id'], 'open(course)'],
    [[null, 3], 'courseType'],
    [[null, 'Full Time'], 'courseType'],
    [[null, null, 'javascript:alert(1)'], 'redirect'],
    [[null, null, { href: '/x' }], 'redirect'],
  ])('bad %j: dropped with a clear warning naming %s', (args, what) => {
    const { options, warnings } = parse(...args);
    expect(options).toEqual({ course: null, courseType: null, redirect: null });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('[CollegeInquiry]');
    expect(warnings[0]).toContain(what);
  });

  test('too many arguments: a warning, the first three used', () => {
    const { options, warnings } = parse(COURSE, 1, '/t', 'extra');
    expect(options.course).toBe(COURSE);
    expect(warnings[0]).toContain('at most 3 arguments');
  });
});

describe('window.CollegeInquiry', () => {
  test('open() and close() drive the controller; version is exposed; the object is frozen', () => {
    const { api, controller } = setup();
    expect(api.version).toBe('9.9.9');
    api.open(COURSE, 1, '/done');
    expect(controller.current()).toMatchObject({ course: COURSE, courseType: 1, redirect: 'https://partner.example/done' });
    api.close();
    expect(controller.current()).toBeNull();
    expect(Object.isFrozen(api)).toBe(true);
  });

  test('open(123) warns and still opens the form without a preset; nothing throws', () => {
    const { api, controller, warnings } = setup();
    expect(() => api.open(123 as unknown as string)).not.toThrow();
    expect(controller.current()).toMatchObject({ course: null });
    expect(warnings).toHaveLength(1);
  });

  test('an event object passed as the course (onclick=CollegeInquiry.open) does not throw', () => {
    const { api, warnings } = setup();
    expect(() => api.open({ type: 'click' } as unknown as string)).not.toThrow();
    expect(warnings[0]).toContain('an object');
  });

  test('a failure inside is reported, never thrown into the page', () => {
    const warnings: string[] = [];
    const controller = {
      ...createController(),
      open: () => {
        throw new Error('boom');
      },
    };
    const events = createEvents(new EventTarget(), () => undefined);
    const { api } = createPublicApi({
      controller,
      events,
      version: '1',
      pageHref: () => PAGE,
      focused: () => null,
      warn: (m) => warnings.push(m),
    });
    expect(() => api.open()).not.toThrow();
    expect(warnings).toEqual(['[CollegeInquiry] open() failed: boom']);
  });

  test('each open() is a fresh form (new id); the first opener is kept while open', () => {
    const { controller } = setup();
    const a = {} as HTMLElement;
    const b = {} as HTMLElement;
    controller.open({ course: null, courseType: null, redirect: null }, a);
    const first = controller.current();
    controller.open({ course: null, courseType: 2, redirect: null }, b);
    expect(controller.current()?.id).not.toBe(first?.id);
    expect(controller.current()?.opener).toBe(a);
  });

  test('openFrom (declarative openers) takes the clicked element as the opener', () => {
    const { openFrom, controller } = setup();
    const button = {} as HTMLElement;
    openFrom([undefined, '2', undefined], button);
    expect(controller.current()).toMatchObject({ courseType: 2, opener: button });
  });
});

/** The queue stub from widget/README.md, letter for letter. */
const STUB =
  "(function(w,c){c=w.CollegeInquiry=w.CollegeInquiry||{q:[]};['open','close','on','off'].forEach(function(m){c[m]=c[m]||function(){c.q.push([m,[].slice.call(arguments)])}})})(window);";

describe('the queue stub replay', () => {
  test('calls made before load run in order', () => {
    const { api, controller } = setup();
    const seen: unknown[] = [];
    controller.subscribe(() => seen.push(controller.current() && { ...controller.current(), id: 0 }));
    replayQueue(
      [
        ['open', [null, 1]],
        ['close', []],
        ['open', [COURSE, null, '/x']],
      ],
      api,
      () => undefined,
    );
    expect(seen).toEqual([
      { course: null, courseType: 1, redirect: null, id: 0, opener: null },
      null,
      { course: COURSE, courseType: null, redirect: 'https://partner.example/x', id: 0, opener: null },
    ]);
  });

  test('the README stub itself records calls that replay correctly', () => {
    const win: { CollegeInquiry?: { q: [string, unknown[]][]; open: (...a: unknown[]) => void; close: () => void } } = {};
    // The exact stub from widget/README.md, run against a stand-in window.
    new Function(
      'window',
      "window.CollegeInquiry=window.CollegeInquiry||{q:[],open:function(){this.q.push(['open',[].slice.call(arguments)])},close:function(){this.q.push(['close',[]])}};",
    )(win);
    win.CollegeInquiry?.open(COURSE, 2, '/t');
    const { api, controller } = setup();
    replayQueue(win.CollegeInquiry?.q, api, () => undefined);
    expect(controller.current()).toMatchObject({ course: COURSE, courseType: 2 });
  });

  test('malformed queues warn and are skipped', () => {
    const { api, controller } = setup();
    const warnings: string[] = [];
    replayQueue('nope', api, (m) => warnings.push(m));
    replayQueue([['explode', []], 42, ['open', 'not-an-array']], api, (m) => warnings.push(m));
    replayQueue(undefined, api, (m) => warnings.push(m));
    expect(warnings).toHaveLength(3);
    expect(controller.current()).toMatchObject({ course: null, courseType: null });
  });
});

describe('events: on/off and window CustomEvents', () => {
  const detail: InquiryEventDetail = { course: COURSE, courseType: 2, source: 3 };

  test('on() handlers and the collegeinquiry:<name> window event get the same payload; off() removes', () => {
    const { api, events, target } = setup();
    const seen: unknown[] = [];
    const handler = (d: InquiryEventDetail) => seen.push(['handler', d]);
    api.on('submit', handler);
    target.addEventListener('collegeinquiry:submit', (e) => seen.push(['window', (e as CustomEvent).detail]));
    events.emit('submit', detail);
    expect(seen).toEqual([
      ['handler', detail],
      ['window', detail],
    ]);
    api.off('submit', handler);
    events.emit('submit', detail);
    expect(seen).toHaveLength(3);
  });

  test('a handler that throws is reported and the others still run', () => {
    const { api, events, warnings } = setup();
    const seen: string[] = [];
    api.on('open', () => {
      throw new Error('partner bug');
    });
    api.on('open', () => seen.push('second'));
    expect(() => events.emit('open', detail)).not.toThrow();
    expect(seen).toEqual(['second']);
    expect(warnings).toEqual(['[CollegeInquiry] an "open" handler threw: partner bug']);
  });

  test('unknown events and non-function handlers warn and do nothing', () => {
    const { api, warnings } = setup();
    (api.on as (...a: unknown[]) => void)('conversion', () => undefined);
    (api.on as (...a: unknown[]) => void)('submit', 'not a function');
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toContain('unknown event "conversion"');
  });

  test('on() calls queued by the README stub before the script loaded are kept', () => {
    const win: { CollegeInquiry?: Record<string, (...a: unknown[]) => void> & { q: [string, unknown[]][] } } = {};
    new Function('window', STUB)(win);
    const seen: unknown[] = [];
    win.CollegeInquiry?.on?.('submit', (d: unknown) => seen.push(d));
    win.CollegeInquiry?.open?.(COURSE, 2);
    const { api, events, controller } = setup();
    replayQueue(win.CollegeInquiry?.q, api, () => undefined);
    expect(controller.current()).toMatchObject({ course: COURSE, courseType: 2 });
    events.emit('submit', detail);
    expect(seen).toEqual([detail]);
  });
});
