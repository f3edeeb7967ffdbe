import { readConfig } from '../../widget/config';
import { isClientSide } from '../../widget/navigate';

const script = (src: string, dataset: Record<string, string> = {}) => ({ src, dataset });
const PAGE = 'https://partner.example/landing?gclid=1';

describe('widget configuration from its script tag', () => {
  test('defaults: everything from the script origin', () => {
    expect(readConfig(script('https://college.example/widget/college-inquiry.js'), PAGE)).toEqual({
      origin: 'https://college.example',
      apiBase: 'https://college.example/api',
      leadsBase: 'https://college.example/api',
      thankYouUrl: 'https://college.example/thank-you',
      nonce: '',
      phoneUtilsUrl: 'https://college.example/widget/phone-utils.js',
      assetBase: 'https://college.example/widget/',
      navigation: 'auto',
    });
  });

  test('data-* attributes override; relative values resolve against the page; trailing slashes go', () => {
    const config = readConfig(
      script('https://cdn.college.example/widget/college-inquiry.js?v=2', {
        apiBase: 'https://api.college.example/v1/',
        leadsBase: '/leads-proxy/',
        thankYouUrl: '/merci',
        nonce: 'r4nd0m',
        navigation: 'history',
      }),
      PAGE,
    );
    expect(config).toMatchObject({
      apiBase: 'https://api.college.example/v1',
      leadsBase: 'https://partner.example/leads-proxy',
      thankYouUrl: 'https://partner.example/merci',
      nonce: 'r4nd0m',
      phoneUtilsUrl: 'https://cdn.college.example/widget/phone-utils.js',
      navigation: 'history',
    });
  });

  test('the leads base defaults to the (overridden) API base (requirements R-api-base)', () => {
    expect(readConfig(script('https://c.example/widget/college-inquiry.js', { apiBase: 'https://api.example' }), PAGE).leadsBase).toBe(
      'https://api.example',
    );
  });

  test('unsafe or empty values fall back to the defaults', () => {
    const config = readConfig(
      script('https://c.example/widget/college-inquiry.js', { apiBase: 'javascript:alert(1)', thankYouUrl: '  ', navigation: 'teleport' }),
      PAGE,
    );
    expect(config).toMatchObject({ apiBase: 'https://c.example/api', thankYouUrl: 'https://c.example/thank-you', navigation: 'auto' });
  });

  test('a nonce set in HTML is read from the script property when the attribute is hidden', () => {
    expect(readConfig({ ...script('https://c.example/widget/college-inquiry.js'), nonce: 'abc' }, PAGE).nonce).toBe('abc');
  });

  test('no script element found: the page origin', () => {
    expect(readConfig(null, PAGE).apiBase).toBe('https://partner.example/api');
  });
});

describe('navigation after success', () => {
  const COLLEGE = 'https://college.example';
  test('on the widget’s own site a same-origin target is client-side (wouter follows popstate)', () => {
    expect(isClientSide('/thank-you', `${COLLEGE}/courses`, COLLEGE, 'auto')).toBe(true);
  });
  test('across origins it is always a document navigation', () => {
    expect(isClientSide(`${COLLEGE}/thank-you`, 'https://partner.example/', COLLEGE, 'auto')).toBe(false);
    expect(isClientSide(`${COLLEGE}/thank-you`, 'https://partner.example/', COLLEGE, 'history')).toBe(false);
  });
  test('a partner page’s own path: a document navigation unless it opts in to history', () => {
    expect(isClientSide('/thanks', 'https://partner.example/', COLLEGE, 'auto')).toBe(false);
    expect(isClientSide('/thanks', 'https://partner.example/', COLLEGE, 'history')).toBe(true);
    expect(isClientSide('/thank-you', `${COLLEGE}/`, COLLEGE, 'document')).toBe(false);
  });
});
