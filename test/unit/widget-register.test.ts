import { replayQueue } from '../../widget/arguments';
import { createController, isRegistration } from '../../widget/controller';
import { createEvents } from '../../widget/events';
import { createPublicApi } from '../../widget/public-api';
import { parseRegisterArguments } from '../../widget/register-arguments';
import { eventWhen, unavailableText } from '../../widget/event-text';

const PAGE = 'https://partner.example/events';

function setup() {
  const warnings: string[] = [];
  const controller = createController();
  const events = createEvents(new EventTarget(), (m) => warnings.push(m));
  const { api, registerFrom } = createPublicApi({
    controller,
    events,
    version: '1',
    pageHref: () => PAGE,
    focused: () => null,
    warn: (m) => warnings.push(m),
  });
  return { api, registerFrom, controller, warnings };
}

describe('register(eventId, redirect) arguments', () => {
  const parse = (...args: unknown[]) => {
    const warnings: string[] = [];
    return { options: parseRegisterArguments(args, PAGE, (m) => warnings.push(m)), warnings };
  };

  test('an id as digits or a number, a redirect path resolved against the page', () => {
    expect(parse('42', '/see-you')).toEqual({ options: { eventId: '42', redirect: 'https://partner.example/see-you' }, warnings: [] });
    expect(parse(7)).toEqual({ options: { eventId: '7', redirect: null }, warnings: [] });
    expect(parse(' 12 ').options.eventId).toBe('12');
  });

  test.each([[undefined], [''], ['open-house'], [{ type: 'click' }], [1.5], ['1; DROP']])(
    'an unusable id %j: a warning, and the dialog opens without an event (it says the event cannot be found)',
    (id) => {
      const { options, warnings } = parse(id);
      expect(options.eventId).toBe('');
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain('register(eventId)');
    },
  );

  test('a javascript: redirect is dropped with a warning naming register()', () => {
    const { options, warnings } = parse('3', 'javascript:alert(1)');
    expect(options).toEqual({ eventId: '3', redirect: null });
    expect(warnings[0]).toContain('register(eventId, redirect)');
  });
});

describe('register() through the API, the controller and the queue stub', () => {
  test('register() opens a registration request; open() requests stay exactly as they were', () => {
    const { api, controller } = setup();
    api.register('42');
    const request = controller.current();
    expect(request && isRegistration(request)).toBe(true);
    expect(request).toMatchObject({ eventId: '42', redirect: null, opener: null });
    api.open(null, 2);
    const inquiry = controller.current();
    expect(inquiry && isRegistration(inquiry)).toBe(false);
    expect({ ...inquiry, id: 0 }).toEqual({ course: null, courseType: 2, redirect: null, id: 0, opener: null });
  });

  test('a data-college-event opener is the element focus returns to', () => {
    const { registerFrom, controller } = setup();
    const link = {} as HTMLElement;
    registerFrom(['9', undefined], link);
    expect(controller.current()).toMatchObject({ eventId: '9', opener: link });
  });

  test('the README stub with register records calls that replay in order', () => {
    const win: { CollegeInquiry?: Record<string, (...a: unknown[]) => void> & { q: [string, unknown[]][] } } = {};
    new Function(
      'window',
      "(function(w,c){c=w.CollegeInquiry=w.CollegeInquiry||{q:[]};['open','register','close','on','off'].forEach(function(m){c[m]=c[m]||function(){c.q.push([m,[].slice.call(arguments)])}})})(window);",
    )(win);
    win.CollegeInquiry?.open?.(null, 1);
    win.CollegeInquiry?.register?.('15', '/done');
    const { api, controller } = setup();
    const seen: unknown[] = [];
    controller.subscribe(() => seen.push(controller.current() && { ...controller.current(), id: 0 }));
    replayQueue(win.CollegeInquiry?.q, api, () => undefined);
    expect(seen).toEqual([
      { course: null, courseType: 1, redirect: null, id: 0, opener: null },
      { eventId: '15', redirect: 'https://partner.example/done', id: 0, opener: null },
    ]);
  });
});

describe('how the dialog words an event', () => {
  test('Toronto wall time and zone, the end day when it differs', () => {
    // 23:00 UTC on 3 December is 6 p.m. in Toronto (EST); 1 July 22:00 UTC is 6 p.m. EDT.
    expect(eventWhen({ starts_at: '2026-12-03T23:00:00Z', ends_at: '2026-12-04T00:30:00Z' })).toBe(
      'Thursday, December 3, 2026, 6:00 p.m. to 7:30 p.m. (Toronto time)',
    );
    expect(eventWhen({ starts_at: '2026-07-01T22:00:00Z', ends_at: '2026-07-02T14:00:00Z' })).toBe(
      'Wednesday, July 1, 2026, 6:00 p.m. to Thursday, July 2, 2026, 10:00 a.m. (Toronto time)',
    );
  });

  test('past, cancelled and closed events say why; open and full ones take registrations', () => {
    expect(unavailableText({ availability: 'cancelled' })).toMatch(/cancelled/);
    expect(unavailableText({ availability: 'past' })).toMatch(/already taken place/);
    expect(unavailableText({ availability: 'closed' })).toMatch(/closed/);
    expect(unavailableText({ availability: 'open' })).toBeNull();
    expect(unavailableText({ availability: 'full' })).toBeNull();
  });
});
