import { describe, expect, it } from 'vitest';
import type { LicenseItem } from '../../functions/data/entities/license.js';
import { invoiceParties } from '../../functions/licensing/invoice-parties.js';
import { invoicePdf } from '../../functions/licensing/invoice-pdf.js';
import { licenseCreate, licenseUpdate } from '../../shared/schemas/licensing.js';
import { newCompanyInput } from '../../shared/schemas/onboarding.js';
import { pdfText } from '../support/pdf-text.js';

/**
 * The licensee's VAT number: bounded like the company's own (letters, digits, spaces, dots and dashes; at most 30),
 * kept on the invoice when it is numbered and printed under the licensee, and left off invoices issued before it was
 * kept.
 */
const base = { type: 'outgoing', licensee_name: 'Agentur GmbH' };
const messages = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((i) => [i.path.join('.'), i.message]);

describe('a licence’s licensee VAT number', () => {
  it('is trimmed and kept as typed, on a new licence and on an edit', () => {
    expect(licenseCreate.parse({ ...base, licensee_vat_number: '  DE 123.456-789 ' }).licensee_vat_number).toBe(
      'DE 123.456-789',
    );
    expect(licenseUpdate.parse({ licensee_vat_number: 'DE123456789' }).licensee_vat_number).toBe('DE123456789');
    // Optional, and '' empties it on an edit.
    expect(licenseCreate.parse(base).licensee_vat_number).toBeUndefined();
    expect(licenseUpdate.parse({ licensee_vat_number: '' }).licensee_vat_number).toBe('');
  });

  it('refuses more than 30 characters, or any but letters, digits, spaces, dots and dashes, naming the field', () => {
    expect(licenseCreate.safeParse({ ...base, licensee_vat_number: 'A'.repeat(30) }).success).toBe(true);
    expect(messages(licenseCreate.safeParse({ ...base, licensee_vat_number: 'A'.repeat(31) }))).toEqual([
      ['licensee_vat_number', 'Licensee VAT number must be at most 30 characters'],
    ]);
    for (const bad of ['DE<b>1</b>', 'DE123/456', 'DE_123', 'DE123456789\n'.repeat(2)])
      expect(messages(licenseUpdate.safeParse({ licensee_vat_number: bad }))).toEqual([
        ['licensee_vat_number', 'Licensee VAT number may hold letters, digits, spaces, dots and dashes only'],
      ]);
    expect(messages(licenseCreate.safeParse({ ...base, licensee_vat_number: 123 }))).toEqual([
      ['licensee_vat_number', 'Licensee VAT number must be text'],
    ]);
  });

  it('follows the same rule as the company’s own VAT number, in that field’s words', () => {
    const company = { name: 'Label', country: 'GB', vat_registered: true };
    expect(messages(newCompanyInput.safeParse({ ...company, vat_number: 'GB 123/456' }))).toEqual([
      ['vat_number', 'VAT number may hold letters, digits, spaces, dots and dashes only'],
    ]);
    expect(newCompanyInput.parse({ ...company, vat_number: ' GB 123 456 789 ' }).vat_number).toBe('GB 123 456 789');
  });
});

const licence = (extra: Partial<LicenseItem> = {}): LicenseItem =>
  ({
    tenantId: 't',
    id: 'L1',
    type: 'outgoing',
    status: 'invoiced',
    revision: 4,
    licensee_name: 'Agentur GmbH',
    licensee_address: '1 Friedrichstraße, Berlin',
    licensee_country: 'DE',
    licensee_vat_number: 'DE123456789',
    assets: [{ asset_type: 'recording', asset_id: 'R1', title: 'Night Drive', split: '100' }],
    ...extra,
  }) as LicenseItem;
const licensor = { name: 'Northern Lights Records', address: '9 Quay Street, Manchester', vatNumber: 'GB123456789' };
const licensorToday = async () => licensor;
const invoice = {
  number: 'LI-000042',
  date: '2026-03-02',
  due_date: '2026-04-01',
  currency: 'GBP',
  net: '10.00',
  vat_rate: '0',
  vat: '0.00',
  total: '10.00',
  vat_note: 'Reverse charge: the customer accounts for the VAT on this supply',
};

describe('the licensee’s VAT number on the invoice', () => {
  it('is kept on the invoice when it is numbered, null when the licence has none', () => {
    expect(invoiceParties(licence(), licensor).licensee_vat_number).toBe('DE123456789');
    expect(invoiceParties(licence({ licensee_vat_number: undefined }), licensor).licensee_vat_number).toBeNull();
    // An edit that emptied it stores '': none, not a blank line on the invoice.
    expect(invoiceParties(licence({ licensee_vat_number: '' }), licensor).licensee_vat_number).toBeNull();
  });

  it('is printed under the licensee as it was kept, whatever the licence says now', async () => {
    const issued = licence({ invoice: { ...invoice, billed: invoiceParties(licence(), licensor) } });
    const edited = { ...issued, licensee_vat_number: 'DE999999999' };
    const text = await pdfText(await invoicePdf(edited, licensorToday));
    expect(text).toContain('VAT number DE123456789');
    expect(text).not.toContain('DE999999999');
    // The licensee's lines come after the licensor's: its VAT number under its name and address.
    expect(text.indexOf('VAT number DE123456789')).toBeGreaterThan(text.indexOf('To: Agentur GmbH'));
    expect(text.indexOf('To: Agentur GmbH')).toBeGreaterThan(text.indexOf('VAT number GB123456789'));
  });

  it('is left off an invoice issued before it was kept', async () => {
    const { licensee_vat_number: _none, ...older } = invoiceParties(licence(), licensor);
    const issued = licence({ invoice: { ...invoice, billed: older } });
    const text = await pdfText(await invoicePdf(issued, licensorToday));
    expect(text).toContain('To: Agentur GmbH');
    expect(text).toContain('VAT number GB123456789');
    expect(text).not.toContain('DE123456789');
  });
});
