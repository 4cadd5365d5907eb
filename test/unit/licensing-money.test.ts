import { describe, expect, it } from 'vitest';
import { splitFee } from '../../functions/licensing/fee-split.js';
import { licenceVat } from '../../functions/licensing/vat.js';
import { licenseCreate, pipelineMoves, SPLITS_MESSAGE } from '../../shared/schemas/licensing.js';

const cents = (values: string[]) => values.reduce((sum, v) => sum + BigInt(v.replace('.', '')), 0n);

describe('a licence fee split over its assets', () => {
  it('adds up to the fee exactly, the missing cents going to the shares that lost the most', () => {
    expect(splitFee('10.00', ['33.33', '33.33', '33.34'])).toEqual(['3.33', '3.33', '3.34']);
    expect(splitFee('0.01', ['50', '50'])).toEqual(['0.01', '0.00']);
    expect(splitFee('100.00', ['100'])).toEqual(['100.00']);
    for (const fee of ['0.07', '1.00', '999.99', '123456789.01']) {
      const shares = splitFee(fee, ['12.5', '37.5', '25.01', '24.99']);
      expect(cents(shares)).toBe(BigInt(fee.replace('.', '')));
    }
  });

  it('refuses splits that do not make exactly 100 %', () => {
    const base = { type: 'outgoing', licensee_name: 'Film Co' };
    const asset = (id: string, split: string) => ({ asset_type: 'recording', asset_id: id, split });
    const uneven = licenseCreate.safeParse({ ...base, assets: [asset('a', '33.33'), asset('b', '66.66')] });
    expect(uneven.success).toBe(false);
    expect(uneven.error?.issues.map((i) => i.message)).toEqual([SPLITS_MESSAGE]);
    expect(licenseCreate.safeParse({ ...base, assets: [asset('a', '33.33'), asset('b', '66.67')] }).success).toBe(true);
    expect(licenseCreate.safeParse({ ...base, fee: 10.5 }).success).toBe(false);
  });
});

describe('VAT on a licence invoice', () => {
  const uk = { vatRegistered: true, companyCountry: 'GB' };
  it('charges a UK company’s 20 % to a UK licensee, rounded half-up to the cent once', () => {
    expect(licenceVat('10.00', { ...uk, licenseeCountry: 'GB' })).toEqual({
      rate: '20',
      vat: '2.00',
      total: '12.00',
      note: 'VAT at 20%',
      reverseCharge: false,
    });
    expect(licenceVat('0.03', { ...uk, licenseeCountry: 'GB' }).vat).toBe('0.01');
    // A licensee whose country is not known is taxed as at home, so VAT is never left off by omission.
    expect(licenceVat('10.00', uk).vat).toBe('2.00');
  });

  it('leaves it to an EU licensee under the reverse charge, and charges none to a US one', () => {
    expect(licenceVat('10.00', { ...uk, licenseeCountry: 'DE' })).toMatchObject({ vat: '0.00', total: '10.00' });
    expect(licenceVat('10.00', { ...uk, licenseeCountry: 'FR' }).note).toMatch(/^Reverse charge/);
    // Only the reverse charge asks for the licensee's VAT number on the invoice (invoice.ts refuses it without).
    expect(licenceVat('10.00', { ...uk, licenseeCountry: 'DE' }).reverseCharge).toBe(true);
    expect(
      licenceVat('10.00', { vatRegistered: true, companyCountry: 'FR', licenseeCountry: 'de' }).reverseCharge,
    ).toBe(true);
    expect(licenceVat('10.00', { ...uk, licenseeCountry: 'US' })).toMatchObject({
      vat: '0.00',
      note: 'Outside the scope of VAT: the service is supplied to a business outside the country',
      reverseCharge: false,
    });
  });

  it('charges nothing when the company is not registered for VAT', () => {
    expect(licenceVat('10.00', { vatRegistered: false, licenseeCountry: 'GB' })).toMatchObject({
      rate: '0',
      vat: '0.00',
      total: '10.00',
    });
    // Nor is there a reverse charge: an unregistered company's invoice to the EU needs no VAT number.
    expect(licenceVat('10.00', { vatRegistered: false, licenseeCountry: 'DE' }).reverseCharge).toBe(false);
  });
});

describe('the pipeline', () => {
  it('goes forward from an enquiry, and ends only in paid, declined or expired', () => {
    expect(pipelineMoves('enquiry')).toContain('quoted');
    expect(pipelineMoves('signed')).not.toContain('enquiry');
    for (const end of ['paid', 'declined', 'expired'] as const) expect(pipelineMoves(end)).toEqual([]);
  });
});
