import { fieldErrorsOf } from '../../src/api-client';

test("an error answer's `errors` map is read field by field, keeping string messages only", () => {
  expect(fieldErrorsOf({ message: 'Check the form', errors: { email: 'Enter an e-mail', 'fees.0': 'Too long', n: 3 } })).toEqual({
    email: 'Enter an e-mail',
    'fees.0': 'Too long',
  });
  expect(fieldErrorsOf({ message: 'No' })).toEqual({});
  expect(fieldErrorsOf({ errors: 'not a map' })).toEqual({});
  expect(fieldErrorsOf(null)).toEqual({});
  expect(fieldErrorsOf('text')).toEqual({});
});
