import {
  buildLeadPayload,
  emptyInquiryFields,
  INVALID_PHONE_MESSAGE,
  isAcceptablePhone,
  phoneWithoutUtils,
  type InquiryFields,
} from '../../src/lead-payload';

const filled = (overrides: Partial<InquiryFields> = {}): InquiryFields => ({
  ...emptyInquiryFields(),
  first_name: ' Ada ',
  last_name: 'Lovelace',
  email: 'ada@example.com ',
  phone: '+14165550123',
  ...overrides,
});

describe('lead payload (requirements R-lead-payload)', () => {
  test('exactly the seed fields, with the defaults (lead_type 1, address empty, source 1, local, no aid)', () => {
    expect(buildLeadPayload(filled(), {})).toStrictEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      phone: '+14165550123',
      lead_type: 1,
      address: '',
      source: 1,
      course_id: '',
      course_type: '',
      location: 1,
      financial_aid: false,
    });
  });

  test('the form resets to local, no aid, nothing chosen', () => {
    expect(emptyInquiryFields()).toEqual({
      first_name: '',
      last_name: '',
      email: '',
      phone: '',
      location: 1,
      financial_aid: false,
      course_id: '',
      course_type: '',
      website: '',
    });
  });

  test('course, course type, location and aid are carried; the source follows the attribution', () => {
    const payload = buildLeadPayload(filled({ course_id: 'a'.repeat(24), course_type: 2, financial_aid: true }), { social_click_id: 'f' });
    expect(payload).toMatchObject({ course_id: 'a'.repeat(24), course_type: 2, location: 1, financial_aid: true, source: 4 });
    expect(buildLeadPayload(filled(), { social_click_id: 'f', search_click_id: 'g' }).source).toBe(3);
  });

  test('an international student never sends financial aid (the question is hidden for them)', () => {
    expect(buildLeadPayload(filled({ location: 2, financial_aid: true }), {})).toMatchObject({ location: 2, financial_aid: false });
  });

  test('attribution extras are added, click ids are not', () => {
    const payload = buildLeadPayload(filled(), {
      search_click_id: 'g',
      utm_source: 'google',
      utm_medium: 'cpc',
      landing_page: 'https://p/?gclid=g',
      referrer: 'https://google.com/',
    });
    expect(payload).toMatchObject({
      utm_source: 'google',
      utm_medium: 'cpc',
      landing_page: 'https://p/?gclid=g',
      referrer: 'https://google.com/',
      source: 3,
    });
    expect(Object.keys(payload)).not.toContain('search_click_id');
  });

  test('the honeypot "website" is sent only when something filled it', () => {
    expect(buildLeadPayload(filled(), {})).not.toHaveProperty('website');
    expect(buildLeadPayload(filled({ website: 'http://spam' }), {})).toHaveProperty('website', 'http://spam');
  });
});

describe('phone rules (requirements R-phone)', () => {
  test('message is the seed text', () => expect(INVALID_PHONE_MESSAGE).toBe('Please enter a valid phone number'));
  test.each([
    ['', false],
    ['      ', false],
    ['123456', false],
    ['+141655', true],
    ['1234567', true],
  ])('"%s" acceptable: %s', (phone, ok) => expect(isAcceptablePhone(phone)).toBe(ok));

  test('without the lazy utilities, the typed number goes behind the dial code', () => {
    expect(phoneWithoutUtils('416 555 0123', '1')).toBe('+1 416 555 0123');
    expect(phoneWithoutUtils('+44 7911 123456', '1')).toBe('+44 7911 123456');
    expect(phoneWithoutUtils('', '1')).toBe('');
    expect(phoneWithoutUtils('4165550123', undefined)).toBe('4165550123');
  });
});
