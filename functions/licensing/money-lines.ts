import { accountKeyOf } from '../money/index.js';
import Big from 'big.js';
import { ulid } from 'ulid';
import { licensorTerms } from '../data/access/licenses.js';
import { listExchangeRates } from '../data/access/royalty-ledger.js';
import type { LicenseItem } from '../data/entities/license.js';
import type { CreateManualRoyalty } from '../data/entities/royalty-overlays.js';
import type { CreateExpense } from '../data/entities/statements.js';
import type { Caller } from '../lib/auth-context.js';
import { InvalidField } from '../lib/errors.js';
import { MANUAL_PREFIX } from '../royalties/ledger/overlays.js';
import { costRecoupment } from './cost-cover.js';
import { splitFee } from './fee-split.js';
import { requireMoneyTerms, today } from './licenses.js';

/**
 * The money a licence makes, as the ledger and the expenses hold it: licensing-income lines for
 * what a licensee pays us (outgoing), expenses for what we pay a licensor (incoming). The fee's
 * payment and the advance's both come through here, so both are split and converted the same way.
 */

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

/** What a payment is for, in the ledger lines' and expenses' descriptions. */
export type MoneyPart = { amount: string; words: 'Licence fee' | 'Licence advance' | 'Licence fee less the advance' };

/**
 * An amount received as licensing income: one ledger line per asset, its share by the asset's split
 * (exact to the cent, fee-split.ts) in the pay period of the payment. The label receives it whole (no
 * distributor takes a cut), so its share is the line's amount; the contracts' licensing terms and the
 * artists' licensing shares then divide it on the statement, like any licensing line. A share of
 * nothing makes no line.
 */
function incomeLines(
  license: LicenseItem,
  caller: Caller,
  part: MoneyPart,
  at: { payPeriod: string; rate: string; companyCurrency: string },
): CreateManualRoyalty[] {
  const { currency, assets } = requireMoneyTerms(license);
  const shares = splitFee(
    part.amount,
    assets.map((a) => a.split),
  );
  const reference = license.invoice?.number ? `invoice ${license.invoice.number}` : 'licence';
  return assets.flatMap((asset, index) => {
    const share = shares[index] ?? '0.00';
    if (new Big(share).eq(0)) return [];
    const amount = new Big(share).times(at.rate).round(6, Big.roundHalfUp).toFixed(6);
    const line: CreateManualRoyalty = {
      tenantId: license.tenantId,
      id: `${MANUAL_PREFIX}${ulid()}`,
      license_id: license.id,
      userId: caller.user.userId,
      fields: {
        pay_period: at.payPeriod,
        retailer: license.licensee_name,
        delivered_by: 'Licensing',
        territory: license.licensee_country ?? null,
        sales_category: 'Licensing',
        sales_format: 'Licensing',
        sales_description: `${part.words}, ${reference}${license.usage ? `: ${license.usage}` : ''}`.slice(0, 300),
        song: asset.asset_type === 'recording' ? asset.title : null,
        album: asset.asset_type === 'release' ? asset.title : null,
        artist: asset.artist ?? null,
        isrc: asset.isrc ?? null,
        upc: asset.upc ?? null,
        quantity: 1,
        currency,
        subtotal_payable: share,
        unit_price: share,
        exchange_rate: at.rate,
        company_currency: at.companyCurrency,
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
    return [line];
  });
}

/**
 * An amount we pay a licensor as cost on the asset it is used on (the first release among the licence's assets,
 * else its first recording) and the licence's label. Recoupable as the contract covering that asset says
 * (cost-cover.ts): charged to the contract's payees' accounts at its recoupable part, one expense per payee by their
 * shares (exact to the cent), so each statement recoups its part. Otherwise it is the label's own cost, one expense,
 * not recouped.
 */
async function licenceExpenses(
  license: LicenseItem,
  part: MoneyPart,
  day: string,
  rate: string,
): Promise<CreateExpense[]> {
  const total = new Big(part.amount).times(rate).round(2, Big.roundHalfUp);
  if (total.eq(0)) return [];
  const release = (license.assets ?? []).find((a) => a.asset_type === 'release')?.asset_id;
  const recoup = await costRecoupment(license, day);
  const base = {
    tenantId: license.tenantId,
    date: day,
    description: `${part.words} to ${license.licensee_name}${license.usage ? `: ${license.usage}` : ''}`.slice(0, 300),
    supplier: license.licensee_name,
    category: 'Licensing',
    tags: ['licensing'],
    vat: '0.00',
    paid: true,
    ...(license.label_id ? { expensable_type: 'Label' as const, expensable_id: license.label_id } : {}),
    ...(release ? { release_id: release } : {}),
  };
  if (!recoup) return [{ ...base, expenseId: ulid(), subtotal: total.toFixed(2), total: total.toFixed(2) }];
  const shares = splitFee(
    total.toFixed(2),
    recoup.payees.map((p) => p.share),
  );
  return recoup.payees.flatMap((payee, index) => {
    const share = shares[index] ?? '0.00';
    if (new Big(share).eq(0)) return [];
    return [
      {
        ...base,
        expenseId: ulid(),
        subtotal: share,
        total: share,
        recoupable: true,
        recoupable_percentage: Number(recoup.percent),
        accountKey: accountKeyOf({ type: 'Payee', id: payee.payee_id }),
      },
    ];
  });
}

/**
 * The money a part of the fee makes when it is paid on `paymentDate` (an advance, the payment): outgoing, licensing
 * lines in the day's pay period; incoming, expenses. At the day's rate into the company's currency; never a day in the
 * future. The advance and the payment both move their money through here.
 */
export async function moneyOfPart(
  license: LicenseItem,
  caller: Caller,
  part: MoneyPart,
  { currency, paymentDate }: { currency: string; paymentDate: string },
): Promise<{ payPeriod: string; lines: CreateManualRoyalty[]; expenses: CreateExpense[] }> {
  if (paymentDate > today()) throw new InvalidField('payment_date', 'Payment date must not be in the future');
  const terms = await licensorTerms(license.tenantId);
  const rate = await rateOn(license.tenantId, currency, terms.currency, paymentDate);
  const payPeriod = paymentDate.slice(0, 7);
  const lines =
    license.type === 'outgoing'
      ? incomeLines(license, caller, part, { payPeriod, rate, companyCurrency: terms.currency })
      : [];
  const expenses = license.type === 'incoming' ? await licenceExpenses(license, part, paymentDate, rate) : [];
  return { payPeriod, lines, expenses };
}
