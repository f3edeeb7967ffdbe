/** Accept-Encoding and If-None-Match as every precompressed answer reads them (server/http/negotiation.ts). */
import { acceptedCodings, noneMatchHits } from '../../server/http/negotiation';

test.each([
  [undefined, []],
  ['', []],
  ['identity', []],
  ['gzip', ['gzip']],
  ['gzip, deflate, br', ['br', 'gzip']],
  ['br;q=0, gzip', ['gzip']],
  ['br; q=0.000, gzip', ['gzip']],
  ['gzip;q=1.0, br;q=0.8', ['gzip', 'br']],
  ['GZIP;Q=0.5, Br', ['br', 'gzip']],
  ['*', ['br', 'gzip']],
  ['*;q=0.2, gzip', ['gzip', 'br']],
  ['*;q=0, br', ['br']],
  [['gzip', 'br;q=0'], ['gzip']],
] as const)('Accept-Encoding %j accepts %j, best first', (header, codings) => {
  expect(acceptedCodings(header as string | string[] | undefined)).toEqual(codings);
});

test('If-None-Match: lists, weak tags and * match; other tags and prefixes do not', () => {
  const etags = ['"abc"', '"abc-br"', '"abc-gzip"'];
  for (const header of ['"abc"', 'W/"abc"', '"x", "abc-br"', ' W/"x" ,W/"abc-gzip" ', '*']) expect(noneMatchHits(header, etags)).toBe(true);
  for (const header of [undefined, '', '"ab"', '"abc', 'abc', '"x", W/"y"']) expect(noneMatchHits(header, etags)).toBe(false);
});
