import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formNumber } from '../../shared/schemas/form-number.js';
import { licenseUpdate } from '../../shared/schemas/licensing.js';
import { metadataMapInput } from '../../shared/schemas/metadata-map.js';
import { royaltyMapInput } from '../../functions/royalties/api/maps.js';

/** Numbers a body may carry as text: a JSON number or its plain text, nothing a coercion would make one of. */
describe('numbers sent as text', () => {
  it('takes a number or its plain text, and leaves true, [3], "1e3" and "0x10" for the field to refuse', () => {
    const whole = formNumber(z.number().int());
    for (const [sent, read] of [
      [7, 7],
      [' 12 ', 12],
      ['-2.5', -2.5],
      ['.5', 0.5],
    ] as const)
      expect(formNumber(z.number()).parse(sent)).toBe(read);
    // Coerced, these were 1, 3, 1000 and 16.
    for (const sent of [true, [3], '1e3', '0x10', ''])
      expect(whole.safeParse(sent).success, JSON.stringify(sent)).toBe(false);
  });

  it('holds in the schemas that coerced: a licence, a metadata map, a royalty map', () => {
    expect(licenseUpdate.safeParse({ invoice_due_days: true }).success).toBe(false);
    expect(licenseUpdate.safeParse({ invoice_due_days: '30' }).data).toMatchObject({ invoice_due_days: 30 });
    expect(licenseUpdate.safeParse({ report_every_months: [3] }).success).toBe(false);
    expect(metadataMapInput.safeParse({ year: true }).success).toBe(false);
    const map = { columns: { subtotal_payable: 'Net', pay_period: 'Period' }, currency: 'EUR' };
    expect(royaltyMapInput.safeParse({ name: 'M', map: { ...map, skip_header_rows: true } }).success).toBe(false);
    expect(royaltyMapInput.safeParse({ name: 'M', map: { ...map, skip_header_rows: '2' } }).data?.map).toMatchObject({
      skip_header_rows: 2,
    });
  });
});
