import { describe, expect, it } from 'vitest';
import { currencyCode, currencyRefusal } from '../../shared/schemas/currency.js';

describe('a currency code checked against the currencies list', () => {
  const payout = currencyCode('Payout currency');

  it('takes a known code in any case, around spaces, and keeps it in capitals', () => {
    expect(payout.parse('gbp')).toBe('GBP');
    expect(payout.parse(' eUr ')).toBe('EUR');
    expect(payout.parse('USD')).toBe('USD');
  });

  it('refuses a slip, a withdrawn code, a name or no text, naming the field', () => {
    const refusal = 'Payout currency must be one of the currencies listed, e.g. GBP, EUR or USD';
    expect(currencyRefusal('Payout currency')).toBe(refusal);
    for (const bad of ['GPB', 'HRK', 'pounds', '', 42]) {
      const answer = payout.safeParse(bad);
      expect(answer.success, String(bad)).toBe(false);
      expect(answer.error?.issues.map((i) => i.message)).toEqual([refusal]);
    }
  });

  it('words a field that takes more than a code as it is told', () => {
    const answer = currencyCode('Payment currency', 'Payment currency must be a code or a sign').safeParse('GPB');
    expect(answer.error?.issues[0]?.message).toBe('Payment currency must be a code or a sign');
  });
});
