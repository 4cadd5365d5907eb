import Big from 'big.js';
import { ulid } from 'ulid';
import * as store from '../data/access/licenses.js';
import { listExchangeRates } from '../data/access/royalty-ledger.js';
import type { LicenseItem } from '../data/entities/license.js';
import type { CreateManualRoyalty } from '../data/entities/royalty-overlays.js';
import type { CreateExpense } from '../data/entities/statements.js';
import type { Caller } from '../lib/auth-context.js';
import { Conflict, InvalidField, LOST_RACE_MESSAGE } from '../lib/errors.js';
import { MANUAL_PREFIX } from '../royalties/ledger/overlays.js';
import { splitFee } from './fee-split.js';
import { moveBy, readLicense, requireMoneyTerms, requireStatus, today } from './licenses.js';
import { presentLicense } from './present.js';

/**
 * The rate from the fee's currency to the company's on the payment date: 1 for the same currency,
 * else the newest rate on or before that day (any distributor's), else the user is asked for one.
 */
async function rateOn(tenantId: string, from: string, to: string, day: string): Promise<string> {
  if (from === to) return '1';
  const rate = (await listExchangeRates(tenantId))
    .filter((r) => r.original_currency === from && r.target_currency === to && r.payment_date <= day)
    .sort((a, b) => b.payment_date.localeCompare(a.payment_date))[0];
  if (!rate)
    throw new InvalidField(
      'fee_currency',
      `No exchange rate from ${from} to ${to} on or before ${day}: add one under exchange rates first`,
    );
  return rate.rate;
}

/**
 * The fee as licensing income: one ledger line per asset, its share of the fee by the asset's split
 * (exact to the cent, fee-split.ts) in the pay period of the payment. The label receives the whole
 * fee (no distributor takes a cut), so its share is the line's amount; the contracts' licensing
 * terms and the artists' licensing shares then divide it on the statement, like any licensing line.
 */
function incomeLines(
  license: LicenseItem,
  caller: Caller,
  payPeriod: string,
  rate: string,
  companyCurrency: string,
): CreateManualRoyalty[] {
  const { fee, currency, assets } = requireMoneyTerms(license);
  const shares = splitFee(
    fee,
    assets.map((a) => a.split),
  );
  const reference = license.invoice?.number ? `invoice ${license.invoice.number}` : 'licence';
  return assets.map((asset, index) => {
    const share = shares[index] ?? '0.00';
    const amount = new Big(share).times(rate).round(6, Big.roundHalfUp).toFixed(6);
    return {
      tenantId: license.tenantId,
      id: `${MANUAL_PREFIX}${ulid()}`,
      license_id: license.id,
      userId: caller.user.userId,
      fields: {
        pay_period: payPeriod,
        retailer: license.licensee_name,
        delivered_by: 'Licensing',
        territory: license.licensee_country ?? null,
        sales_category: 'Licensing',
        sales_format: 'Licensing',
        sales_description: `Licence fee, ${reference}${license.usage ? `: ${license.usage}` : ''}`.slice(0, 300),
        song: asset.asset_type === 'recording' ? asset.title : null,
        album: asset.asset_type === 'release' ? asset.title : null,
        artist: asset.artist ?? null,
        isrc: asset.isrc ?? null,
        upc: asset.upc ?? null,
        quantity: 1,
        currency,
        subtotal_payable: share,
        unit_price: share,
        exchange_rate: rate,
        company_currency: companyCurrency,
        amount,
        aggregator_payable: '0',
        label_payable: amount,
        artist_payable: '0',
        recording_id: asset.asset_type === 'recording' ? asset.asset_id : null,
        release_id: asset.asset_type === 'release' ? asset.asset_id : null,
        label_id: license.label_id ?? null,
        matched_by: 'manual',
        estimated: false,
      },
    };
  });
}

/** An incoming licence's fee as a cost on the release it is used on (the first release among its assets). */
function licenceExpense(license: LicenseItem, day: string, rate: string): CreateExpense {
  const { fee } = requireMoneyTerms(license);
  const total = new Big(fee).times(rate).round(2, Big.roundHalfUp).toFixed(2);
  const release = (license.assets ?? []).find((a) => a.asset_type === 'release');
  return {
    tenantId: license.tenantId,
    expenseId: ulid(),
    date: day,
    description: `Licence fee to ${license.licensee_name}${license.usage ? `: ${license.usage}` : ''}`.slice(0, 300),
    supplier: license.licensee_name,
    category: 'Licensing',
    tags: ['licensing'],
    subtotal: total,
    vat: '0.00',
    total,
    paid: true,
    ...(license.label_id ? { expensable_type: 'Label' as const, expensable_id: license.label_id } : {}),
    ...(release ? { release_id: release.asset_id } : {}),
  };
}

/**
 * Records a licence as paid. Outgoing: an invoiced licence's fee enters the ledger as licensing
 * lines. Incoming: a signed licence's fee becomes an expense. Either way the money and the move to
 * paid are one conditional write on the licence's revision, so a replayed or concurrent "paid"
 * writes nothing more: it finds the licence paid and answers it as it is.
 */
export async function recordPayment(tenantId: string, caller: Caller, id: string, paymentDate = today()) {
  let license = await readLicense(tenantId, id);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (license.status === 'paid') {
      // A crash after the write but before the lists were marked changed is mended by the replay.
      await store.moneyWritten(tenantId);
      return { license: await presentLicense(tenantId, license), message: 'Licence paid' };
    }
    if (license.type === 'outgoing')
      requireStatus(license, 'invoiced', 'Issue the invoice before recording the payment');
    else requireStatus(license, 'signed', 'Sign the licence before recording its payment');
    const { currency } = requireMoneyTerms(license);
    if (paymentDate > today()) throw new InvalidField('payment_date', 'Payment date must not be in the future');
    const terms = await store.licensorTerms(tenantId);
    const rate = await rateOn(tenantId, currency, terms.currency, paymentDate);
    const payPeriod = paymentDate.slice(0, 7);
    const lines = license.type === 'outgoing' ? incomeLines(license, caller, payPeriod, rate, terms.currency) : [];
    const expense = license.type === 'incoming' ? licenceExpense(license, paymentDate, rate) : undefined;
    const written = await store.writePayment(
      tenantId,
      id,
      license.revision,
      {
        status: 'paid',
        payment_date: paymentDate,
        pay_period: payPeriod,
        history: [...(license.history ?? []), moveBy(caller, license.status, 'paid')],
        ...(lines.length ? { royalty_ids: lines.map((line) => line.id) } : {}),
        ...(expense ? { expense_id: expense.expenseId } : {}),
      },
      { lines, expense },
    );
    license = await readLicense(tenantId, id);
    if (written) return { license: await presentLicense(tenantId, license), message: 'Licence paid' };
  }
  if (license.status !== 'paid') throw new Conflict(LOST_RACE_MESSAGE);
  return { license: await presentLicense(tenantId, license), message: 'Licence paid' };
}
