import { describe, expect, it } from 'vitest';
import type { LicenseItem } from '../../functions/data/entities/license.js';
import type { ManualRoyaltyItem } from '../../functions/data/entities/royalty-overlays.js';
import type { Caller } from '../../functions/lib/auth-context.js';
import { reversalOf } from '../../functions/licensing/refund.js';

const line = {
  tenantId: 't1',
  id: 'manual-1',
  license_id: 'lic-1',
  fields: {
    pay_period: '2026-03',
    song: 'Track',
    quantity: 1,
    currency: 'EUR',
    subtotal_payable: '33.33',
    unit_price: '33.33',
    exchange_rate: '0.850000',
    amount: '28.330500',
    aggregator_payable: '0',
    label_payable: '28.330500',
    artist_payable: '0',
  },
} as unknown as ManualRoyaltyItem;

const license = { tenantId: 't1', id: 'lic-1' } as LicenseItem;
const caller = { user: { userId: 'u1' } } as Caller;

describe("a refund's reversal of a licence payment's line", () => {
  it('turns every money column round, quantity -1, in the refund month, keeping what the line was for', () => {
    const reversal = reversalOf(line.fields, license, caller, { day: '2026-05-14', words: 'Licence fee refunded' });
    expect(reversal).toMatchObject({ tenantId: 't1', license_id: 'lic-1', userId: 'u1' });
    expect(reversal.id).toMatch(/^manual-/);
    expect(reversal.fields).toEqual({
      ...line.fields,
      pay_period: '2026-05',
      quantity: -1,
      sales_description: 'Licence fee refunded',
      subtotal_payable: '-33.33',
      amount: '-28.330500',
      label_payable: '-28.330500',
      aggregator_payable: '0',
      artist_payable: '0',
    });
  });
});
