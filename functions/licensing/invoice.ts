import { DEFAULT_INVOICE_DUE_DAYS } from '../../shared/licence-due.js';
import Big from 'big.js';
import * as store from '../data/access/licenses.js';
import type { Caller } from '../lib/auth-context.js';
import { BadRequest, Conflict, InvalidField } from '../lib/errors.js';
import { invoiceParties } from './invoice-parties.js';
import { documentNumber, moveBy, readLicense, requireMoneyTerms, requireStatus, today } from './licenses.js';
import { presentLicense } from './present.js';
import { licenceVat } from './vat.js';

/** How often numbering is tried again when another invoice of the company took the number first. */
const ATTEMPTS = 8;

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Issues a signed outgoing licence's invoice: VAT by the rule in vat.ts, the next number of the
 * company's licence-invoice sequence, the parties and the licence as the invoice prints them, and the
 * move to invoiced, all in one conditional write. A repeated call on an invoiced licence answers the
 * invoice it already has. An invoice under the reverse charge is not issued without the licensee's VAT number.
 */
export async function issueInvoice(tenantId: string, caller: Caller, id: string) {
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const license = await readLicense(tenantId, id);
    if (license.type !== 'outgoing') throw new BadRequest('Only an outgoing licence is invoiced');
    if (license.invoice) return { license: await presentLicense(tenantId, license), message: 'Invoice issued' };
    requireStatus(license, 'signed', 'Sign the licence before issuing its invoice');
    const { fee, currency } = requireMoneyTerms(license);
    if (license.advance_pay_period && license.advance_fee && new Big(license.advance_fee).gt(fee))
      throw new InvalidField('fee', 'The fee must not be less than the advance already paid');
    const terms = await store.licensorTerms(tenantId);
    const vat = licenceVat(fee, {
      vatRegistered: terms.vatRegistered,
      companyCountry: terms.country,
      licenseeCountry: license.licensee_country,
    });
    // An invoice under the reverse charge must show the customer's VAT number (the licensee accounts for the VAT
    // with it). Refused here, before the sequence is read, so a refusal numbers nothing and takes no number.
    if (vat.reverseCharge && !license.licensee_vat_number?.trim())
      throw new InvalidField(
        'licensee_vat_number',
        "Add the licensee's VAT number: an invoice under the reverse charge must show it",
      );
    const numbered = await store.documentsNumbered(tenantId, 'license_invoice');
    const date = today();
    const invoice = {
      number: documentNumber('LI', numbered + 1),
      date,
      due_date: addDays(date, license.invoice_due_days ?? DEFAULT_INVOICE_DUE_DAYS),
      currency,
      net: fee,
      vat_rate: vat.rate,
      vat: vat.vat,
      total: vat.total,
      vat_note: vat.note,
      billed: invoiceParties(license, terms),
      // The advance is the first part of the fee, paid before the invoice: the invoice bills the whole
      // fee with its VAT and deducts what was received, so the licensee pays the balance.
      ...(license.advance_pay_period && license.advance_fee
        ? {
            advance_received: new Big(license.advance_fee).toFixed(2),
            balance_due: new Big(vat.total).minus(license.advance_fee).toFixed(2),
          }
        : {}),
    };
    const written = await store.writeNumbered(
      tenantId,
      id,
      license.revision,
      { sequence: 'license_invoice', value: numbered },
      {
        set: {
          invoice,
          status: 'invoiced',
          history: [...(license.history ?? []), moveBy(caller, license.status, 'invoiced')],
        },
      },
    );
    if (written)
      return { license: await presentLicense(tenantId, await readLicense(tenantId, id)), message: 'Invoice issued' };
  }
  throw new Conflict('Invoices are being numbered: try again in a moment');
}
