/** Course fees in dollars without ICU (site/public/components/course/money.ts) read as en-CA's currency format does. */
import { formatCad } from '../../site/public/components/course/money';

const intl = new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD', maximumFractionDigits: 0 });

test('whole Canadian dollars as Intl writes them', () => {
  const amounts = [0, 1, 9.5, 10.49, 999, 1000, 18900, 123456.7, 1_000_000, 25_999_999, -1, -18900, -0.4];
  expect(amounts.map(formatCad)).toEqual(amounts.map((amount) => intl.format(amount)));
});
