import Big from 'big.js';
import { vatAtRate } from '../../shared/licence-due.js';
import { formatPercent } from '../../shared/format.js';

/**
 * VAT on an outgoing licence's invoice. A licence of a master is a service supplied to a business
 * (the licensee), so it is taxed where the licensee belongs:
 * - a company not registered for VAT charges none;
 * - a registered company charges its own country's standard rate when the licensee is in the same
 *   country (a UK label licensing to a UK agency: 20 %);
 * - a licensee in another EU country (for an EU company) or, for a UK company, in the EU, accounts
 *   for the VAT itself under the reverse charge: no VAT is charged and the invoice says so;
 * - a licensee anywhere else (a US studio) is outside the scope of the company's VAT: none charged.
 * A licensee whose country is not known is treated as in the company's own country, so VAT is never
 * left off by omission. The VAT is the net times the rate, rounded half-up to the cent, once.
 * `reverseCharge` says the licensee accounts for the VAT: such an invoice must show the licensee's VAT
 * number, so it is not issued without one (invoice.ts).
 */
const STANDARD_RATES: Record<string, string> = {
  GB: '20',
  IE: '23',
  DE: '19',
  FR: '20',
  NL: '21',
  BE: '21',
  ES: '21',
  IT: '22',
  PT: '23',
  AT: '20',
  SE: '25',
  DK: '25',
  FI: '25.5',
  PL: '23',
  LU: '17',
};
const EU = new Set([
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
]);

export type VatParties = {
  vatRegistered: boolean;
  /** The company's country (ISO 3166-1 alpha-2); GB when not set. */
  companyCountry?: string | null;
  licenseeCountry?: string | null;
};
export type VatAnswer = { rate: string; vat: string; total: string; note: string; reverseCharge: boolean };

export function licenceVat(net: string, parties: VatParties): VatAnswer {
  const home = (parties.companyCountry || 'GB').toUpperCase();
  const where = (parties.licenseeCountry || home).toUpperCase();
  const none = (note: string, reverseCharge = false): VatAnswer => ({
    rate: '0',
    vat: '0.00',
    total: new Big(net).toFixed(2),
    note,
    reverseCharge,
  });
  if (!parties.vatRegistered) return none('No VAT charged: the licensor is not registered for VAT');
  if (where !== home) {
    if (EU.has(where) && (EU.has(home) || home === 'GB'))
      return none('Reverse charge: the customer accounts for the VAT on this supply', true);
    return none('Outside the scope of VAT: the service is supplied to a business outside the country');
  }
  const rate = STANDARD_RATES[home] ?? '0';
  // The one rounding rule, shared with the partial credit notes that reduce the invoice later.
  const vat = vatAtRate(net, rate);
  return {
    rate,
    vat,
    total: new Big(net).plus(vat).toFixed(2),
    note: `VAT at ${formatPercent(rate)}`,
    reverseCharge: false,
  };
}
