import { accountKeyOf } from '../accounts/account.js';
import Big from 'big.js';
import { money } from '../../../shared/schemas/money.js';
import type { AccountFinances } from '../../../shared/schemas/finance-views.js';
import type { AccountRef } from '../../../shared/schemas/statement-views.js';
import { accountView } from '../accounts/account-view.js';
import { entriesOfAccount, latestInForce, statementsOfAccount } from '../../data/access/accounts.js';
import { MAX_ID_LIST } from '../../royalties/ledger/filter.js';
import { roundRoyaltiesByPeriod } from '../statements/accounts/account-figures.js';
import { accountEarnings } from './account-earnings.js';
import { bySlice, figuresOf, rangeTotal, royaltiesQuery } from './finance-figures.js';
import { periodDates, type DateRange } from './range.js';
import { periodTotal, type CubeScope } from './scope.js';
import { owedStatements } from '../payments/owed.js';
import { totalsByCurrency } from '../currency-totals.js';

/**
 * payees/{id}/finances, artists/{id}/finances: what an account earns, exactly as its statements
 * pay it (account-earnings.ts: the engine's split, one pass over the range's lines), by period
 * and store, and its account as it stands (accounts/account-view.ts): balance, what its unpaid
 * statements owe, what was paid in the range. Its share per period (`artist_share`) is rounded
 * the way its statements round royalties (half-up, the rounding carried on from the last
 * statement in force ending before the range), so the periods of a statement add up to that
 * statement's royalties to the cent; revenue, label share and fee are the lines' own.
 */
const ALL: CubeScope = { kind: 'all' };

/** The royalties-list filter of the account's lines: its recordings, else its artist, else the period only. */
function drillFilter(account: AccountRef, recordings: string[] | null): Record<string, string> {
  const list = recordings?.join(',') ?? '';
  if (recordings?.length && list.length <= MAX_ID_LIST) return { recording_id: list };
  return account.type === 'Artist' ? { artist_id: account.id } : {};
}

export async function accountFinances(
  tenantId: string,
  account: AccountRef,
  range: DateRange,
): Promise<AccountFinances> {
  // Not found (another company's, or none) before anything else is read.
  const view = await accountView(tenantId, account);
  const key = accountKeyOf(account);
  const [earnings, entries, statements] = await Promise.all([
    accountEarnings(tenantId, account, range),
    entriesOfAccount(tenantId, key),
    statementsOfAccount(tenantId, key),
  ]);
  const { cube } = earnings;
  const filter = drillFilter(account, earnings.recordings);
  const inForce = statements.filter((s) => !s.superseded_by && (s.queue_status ?? 'published') === 'published');
  // The due statement's payable holds the earlier unpaid ones it carries: each balance once.
  const owing = owedStatements(statements, entries);
  const owed = owing.reduce((a, s) => a.plus(s.figures.payable), new Big(0));
  const paid = entries
    .filter((e) => e.kind === 'payment' && e.date >= range.start_date && e.date <= range.end_date)
    .reduce((a, e) => a.minus(e.amount), new Big(0));
  const previous = latestInForce(statements.filter((s) => s.end_pay_period < range.start_date.slice(0, 7)));
  const periodSums = range.periods.map((pay_period) => periodTotal(cube, pay_period, ALL));
  const shares = roundRoyaltiesByPeriod(
    periodSums.map((sums) => sums.payees.toFixed(6)),
    previous?.control?.rounding_out ?? '0',
  );
  const by_period = range.periods.map((pay_period, i) => {
    const sums = periodSums[i];
    return {
      pay_period,
      ...figuresOf(sums, { split: false }),
      artist_share: shares[i],
      royalties_query: royaltiesQuery(periodDates(pay_period), filter),
    };
  });
  // An account's own view has no label side: what the label keeps is not the account's to see.
  const by_store = bySlice(cube, range, ALL, 'store').map(({ retained, unaccountable, ...slice }) => ({
    ...slice,
    royalties_query: royaltiesQuery(range, slice.key === null ? filter : { ...filter, by_retailer: slice.key }),
  }));
  const totals = {
    ...figuresOf(rangeTotal(cube, range, ALL), { split: false }),
    artist_share: money(by_period.reduce((a, p) => a.plus(p.artist_share), new Big(0))),
  };
  return {
    account,
    name: view.name,
    currency: view.currency,
    start_date: range.start_date,
    end_date: range.end_date,
    by_period,
    by_store,
    totals,
    balance: view.balance,
    owed: money(owed),
    owed_by_currency: totalsByCurrency(owing, { owed: (s) => s.figures.payable }),
    paid: money(paid),
    statements: inForce
      .sort((a, b) => b.end_pay_period.localeCompare(a.end_pay_period))
      .map((s) => ({
        id: s.statementId,
        number: s.number,
        start_pay_period: s.start_pay_period,
        end_pay_period: s.end_pay_period,
        payable: s.figures.payable,
        paid: s.paid,
      })),
  };
}
