import { describe, expect, it } from 'vitest';
import type { LicenseItem } from '../../functions/data/entities/license.js';
import { invoiceParties } from '../../functions/licensing/invoice-parties.js';
import { invoicePdf } from '../../functions/licensing/invoice-pdf.js';
import { pdfText } from '../support/pdf-text.js';

/**
 * An issued licence invoice's PDF is made from the invoice alone: the parties and the licence as they were when it
 * was numbered, dated the day it was issued. So a later rename reaches no invoice, and two makings of it (two first
 * downloads at once each store one) are the same file.
 */
const licence = (extra: Partial<LicenseItem> = {}): LicenseItem =>
  ({
    tenantId: 't',
    id: 'L1',
    type: 'outgoing',
    status: 'invoiced',
    revision: 4,
    licensee_name: 'Film Co',
    licensee_address: '1 Studio Road, London',
    licensee_country: 'GB',
    usage: 'Opening titles',
    territory: 'World',
    assets: [{ asset_type: 'recording', asset_id: 'R1', title: 'Night Drive', split: '100' }],
    ...extra,
  }) as LicenseItem;

const invoice = {
  number: 'LI-000042',
  date: '2026-03-02',
  due_date: '2026-04-01',
  currency: 'GBP',
  net: '10.00',
  vat_rate: '20',
  vat: '2.00',
  total: '12.00',
  vat_note: 'VAT at 20%',
};

const licensorAtIssue = {
  name: 'Northern Lights Records',
  address: '9 Quay Street, Manchester',
  vatNumber: 'GB123456789',
};
const licensorToday = async () => ({
  name: 'Renamed Records Ltd',
  address: '1 New Road, Leeds',
  vatNumber: 'GB999999999',
});

describe('a licence invoice’s PDF', () => {
  it('prints the parties as they were when the invoice was issued, not as they are now', async () => {
    const issued = licence({ invoice: { ...invoice, billed: invoiceParties(licence(), licensorAtIssue) } });
    const edited = { ...issued, licensee_name: 'Film Co (renamed)', usage: 'A trailer' };
    const text = await pdfText(await invoicePdf(edited, licensorToday));
    for (const words of [
      'Invoice LI-000042',
      'From: Northern Lights Records',
      '9 Quay Street, Manchester',
      'VAT number GB123456789',
      'To: Film Co',
      '1 Studio Road, London',
      'Licence of: Night Drive (100%)',
      'Usage: Opening titles',
      'Territory: World',
      'Total due: £12.00',
    ])
      expect(text).toContain(words);
    for (const later of ['Renamed Records', 'New Road', 'GB999999999', 'renamed', 'A trailer'])
      expect(text).not.toContain(later);
  });

  it('names the licensee’s country and the territory’s countries, never their codes', async () => {
    const abroad = licence({ licensee_country: 'IE', territory: 'GB, IE' });
    const text = await pdfText(
      await invoicePdf(
        licence({ invoice: { ...invoice, billed: invoiceParties(abroad, licensorAtIssue) } }),
        licensorToday,
      ),
    );
    expect(text).toContain('Territory: United Kingdom, Ireland');
    expect(text).toMatch(/London\s+Ireland/);
    expect(text).not.toMatch(/\bIE\b/);
  });

  it('is the same file byte for byte however often it is made', async () => {
    const issued = licence({ invoice: { ...invoice, billed: invoiceParties(licence(), licensorAtIssue) } });
    const first = await invoicePdf(issued, licensorToday);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const second = await invoicePdf(issued, licensorToday);
    expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true);
  });

  it('prints an invoice issued before its parties were kept with today’s', async () => {
    const text = await pdfText(await invoicePdf(licence({ invoice }), licensorToday));
    expect(text).toContain('From: Renamed Records Ltd');
    expect(text).toContain('To: Film Co');
  });

  it('prints a credit note from the invoice it cancels, the same bytes every time, with the advance left received', async () => {
    const billed = invoiceParties(licence(), licensorAtIssue);
    const credited = {
      invoice: { ...invoice, billed, advance_received: '2.00', balance_due: '10.00' },
      credit_note: { number: 'LC-000007', date: '2026-03-09', reason: 'Wrong licensee address', by_name: 'Ann' },
    };
    const edited = licence({ status: 'signed', licensee_name: 'Film Co (renamed)', credited_invoices: [credited] });
    const note = { kind: 'credit_note', credited } as const;
    const first = await invoicePdf(edited, licensorToday, note);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(Buffer.from(await invoicePdf(edited, licensorToday, note)).equals(Buffer.from(first))).toBe(true);
    const text = await pdfText(first);
    for (const words of [
      'Credit note LC-000007',
      'From: Northern Lights Records',
      'To: Film Co',
      'Credit note date: 2026-03-09',
      'Credits invoice LI-000042 of 2026-03-02 in full',
      'Reason: Wrong licensee address',
      'Licence of: Night Drive (100%)',
      'Licence fee (net) credited: £10.00',
      'VAT at 20% credited: £2.00',
      'Total credited: £12.00',
      'The advance received (£2.00) stays received',
    ])
      expect(text).toContain(words);
    for (const later of ['Renamed Records', 'renamed']) expect(text).not.toContain(later);
  });
});
