import {
  ATTRIBUTION_STORAGE_KEY,
  attributionExtras,
  attributionFromPage,
  captureAttribution,
  leadSource,
  loadAttribution,
  mergeAttribution,
} from '../../src/attribution';

class MemoryStorage {
  data = new Map<string, string>();
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
}
const asStorage = (s: MemoryStorage) => s as unknown as Storage;

describe('click-id attribution (requirements R-lead-source source)', () => {
  const sourceOf = (query: string) => leadSource(attributionFromPage(`https://partner.example/landing${query}`, ''));

  test('no click id: source 1', () => expect(sourceOf('')).toBe(1));
  test.each(['gclid', 'gbraid', 'wbraid', 'msclkid'])('search-ad id %s: source 3', (id) => expect(sourceOf(`?${id}=abc`)).toBe(3));
  test.each(['fbclid', 'ttclid', 'li_fat_id', 'twclid'])('social-ad id %s: source 4', (id) => expect(sourceOf(`?${id}=abc`)).toBe(4));
  test('both on one URL: the search-ad id wins (3)', () => expect(sourceOf('?fbclid=f&gclid=g')).toBe(3));
  test('an empty click id does not count', () => expect(sourceOf('?gclid=&fbclid=%20')).toBe(1));
  test('a malformed page URL reads as nothing', () => expect(attributionFromPage('not a url', '')).toEqual({}));

  test('UTMs, landing page and referrer are read; values are trimmed and cut', () => {
    const long = 'x'.repeat(800);
    const found = attributionFromPage(
      `https://p.example/a?utm_source=google&utm_medium=cpc&utm_campaign=${long}&utm_term=%20it%20&gclid=1`,
      'https://www.google.com/',
    );
    expect(found).toEqual({
      search_click_id: '1',
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'x'.repeat(500),
      utm_term: 'it',
      landing_page: `https://p.example/a?utm_source=google&utm_medium=cpc&utm_campaign=${long}&utm_term=%20it%20&gclid=1`,
      referrer: 'https://www.google.com/',
    });
  });
});

describe('attribution over a visit (sessionStorage)', () => {
  test('a social id then a search id on a later page: both kept, search wins', () => {
    const merged = mergeAttribution({ social_click_id: 'f' }, { search_click_id: 'g' });
    expect(merged).toMatchObject({ social_click_id: 'f', search_click_id: 'g' });
    expect(leadSource(merged)).toBe(3);
  });

  test('landing page and referrer are first touch; later pages do not replace them', () => {
    const first = attributionFromPage('https://p.example/landing?fbclid=1', 'https://facebook.com/');
    const later = attributionFromPage('https://p.example/courses', 'https://p.example/landing');
    expect(mergeAttribution(first, later)).toEqual(first);
  });

  test('UTMs are one campaign: a new set replaces the old one whole, no UTMs keep the old set', () => {
    const stored = { utm_source: 'google', utm_medium: 'cpc', utm_term: 'linux' };
    expect(mergeAttribution(stored, { utm_source: 'newsletter' })).toEqual({ utm_source: 'newsletter' });
    expect(mergeAttribution(stored, {})).toEqual(stored);
  });

  test('captureAttribution stores for the visit; the next page load still sees the click id', () => {
    const storage = new MemoryStorage();
    captureAttribution(asStorage(storage), 'https://p.example/?gclid=abc', '');
    const next = captureAttribution(asStorage(storage), 'https://p.example/other', 'https://p.example/?gclid=abc');
    expect(leadSource(next)).toBe(3);
    expect(next.landing_page).toBe('https://p.example/?gclid=abc');
    expect(JSON.parse(storage.data.get(ATTRIBUTION_STORAGE_KEY) ?? '{}')).toMatchObject({ search_click_id: 'abc' });
  });

  test('blocked, corrupt or hostile storage reads as empty and never throws', () => {
    const throwing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceeded');
      },
    } as unknown as Storage;
    expect(loadAttribution(throwing)).toEqual({});
    expect(() => captureAttribution(throwing, 'https://p.example/?fbclid=1', '')).not.toThrow();
    expect(leadSource(captureAttribution(throwing, 'https://p.example/?fbclid=1', ''))).toBe(4);
    const corrupt = new MemoryStorage();
    corrupt.setItem(ATTRIBUTION_STORAGE_KEY, '{not json');
    expect(loadAttribution(asStorage(corrupt))).toEqual({});
    corrupt.setItem(ATTRIBUTION_STORAGE_KEY, JSON.stringify({ search_click_id: 5, evil: 'x', utm_source: 'ok' }));
    expect(loadAttribution(asStorage(corrupt))).toEqual({ utm_source: 'ok' });
    expect(loadAttribution(null)).toEqual({});
  });

  test('the extras sent with a lead carry no click ids', () => {
    expect(
      attributionExtras({
        search_click_id: 'g',
        social_click_id: 'f',
        utm_source: 's',
        landing_page: 'https://p/',
        referrer: 'https://r/',
      }),
    ).toEqual({
      utm_source: 's',
      landing_page: 'https://p/',
      referrer: 'https://r/',
    });
  });
});
