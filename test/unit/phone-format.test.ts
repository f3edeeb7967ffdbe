import { formatPhone } from '../../src/phone-format';

describe('formatPhone', () => {
  test.each([
    ['+14165550123', '416-555-0123', 'tel:+14165550123'],
    ['+16475551234', '647-555-1234', 'tel:+16475551234'],
    ['4165550123', '416-555-0123', 'tel:+14165550123'],
    ['+1 (416) 555-0123', '416-555-0123', 'tel:+14165550123'],
    ['+12125550188', '212-555-0188', 'tel:+12125550188'],
    ['+442079460958', '+44 20 7946 0958', 'tel:+442079460958'],
    ['+919876543210', '+91 98765 43210', 'tel:+919876543210'],
  ])('%s reads %s and links to %s', (stored, text, href) => {
    expect(formatPhone(stored)).toEqual({ text, href });
  });

  test('an unparseable value is shown as stored', () => {
    expect(formatPhone('call me')).toEqual({ text: 'call me', href: 'tel:' });
    expect(formatPhone('12')).toEqual({ text: '12', href: 'tel:12' });
  });
});
