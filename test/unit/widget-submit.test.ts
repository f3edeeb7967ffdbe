import { buildLeadPayload, emptyInquiryFields } from '../../src/lead-payload';
import { createLeadSender, TIMEOUT_MESSAGE } from '../../widget/submit-lead';

const payload = (email: string) =>
  buildLeadPayload({ ...emptyInquiryFields(), first_name: 'A', last_name: 'B', email, phone: '+14165550123' }, {});

describe('sending a lead', () => {
  const realFetch = globalThis.fetch;
  let calls: { url: string; key: string | undefined; body: unknown }[];
  let answer: { status: number; body: unknown } | Error | 'hang';
  beforeEach(() => {
    calls = [];
    answer = { status: 201, body: { status: 'success', message: 'Thanks!' } };
    globalThis.fetch = (async (url: string, init: RequestInit) => {
      calls.push({ url, key: (init.headers as Record<string, string>)['Idempotency-Key'], body: JSON.parse(String(init.body)) });
      if (answer instanceof Error) throw answer;
      if (answer === 'hang') {
        // A server that never answers: only the request's signal ends the wait, as in a browser.
        return new Promise<Response>((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
      }
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    }) as typeof fetch;
  });
  afterAll(() => {
    globalThis.fetch = realFetch;
  });

  test('POST {leadsBase}/leads with the payload as body; success carries the server message', async () => {
    const send = createLeadSender('https://c.example/api', () => 'key-00000001');
    expect(await send(payload('a@example.com'))).toEqual({ ok: true, message: 'Thanks!' });
    expect(calls).toEqual([{ url: 'https://c.example/api/leads', key: 'key-00000001', body: payload('a@example.com') }]);
  });

  test('the same payload again (a retry after a lost answer) reuses its key; a changed one gets a new key', async () => {
    let n = 0;
    const send = createLeadSender('https://c.example/api', () => `key-${++n}-abcdef`);
    answer = new TypeError('network down');
    await send(payload('a@example.com'));
    answer = { status: 201, body: { status: 'success', message: 'ok' } };
    await send(payload('a@example.com'));
    await send(payload('b@example.com'));
    expect(calls.map((c) => c.key)).toEqual(['key-1-abcdef', 'key-1-abcdef', 'key-2-abcdef']);
  });

  test('a 4xx answer or a non-success status shows the server message; a network failure a clear one', async () => {
    const send = createLeadSender('https://c.example/api');
    answer = { status: 400, body: { status: 'error', message: 'Please enter a valid email address.' } };
    expect(await send(payload('x'))).toEqual({ ok: false, message: 'Please enter a valid email address.', reason: 'server', errors: {} });
    answer = { status: 200, body: { status: 'error', message: 'Duplicate inquiry.' } };
    expect(await send(payload('y'))).toEqual({ ok: false, message: 'Duplicate inquiry.', reason: 'server', errors: {} });
    answer = new TypeError('offline');
    expect((await send(payload('z'))).message).toMatch(/could not reach the server/);
    expect(calls[0]?.key).toMatch(/^[0-9a-f-]{32,36}$/);
  });

  test("the server's field errors come back as a map (non-text entries dropped)", async () => {
    const send = createLeadSender('https://c.example/api');
    answer = { status: 400, body: { status: 'error', message: 'First', errors: { first_name: 'First', email: 'Mail', bogus: 7 } } };
    expect(await send(payload('x'))).toEqual({
      ok: false,
      message: 'First',
      reason: 'invalid',
      errors: { first_name: 'First', email: 'Mail' },
    });
  });

  test('a server that hangs ends in the timeout message after the limit', async () => {
    const send = createLeadSender('https://c.example/api', undefined, 50);
    answer = 'hang';
    expect(await send(payload('h'))).toEqual({ ok: false, message: TIMEOUT_MESSAGE, reason: 'timeout', errors: {} });
  });
});
