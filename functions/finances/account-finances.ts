import Big from 'big.js';
import { money } from '../../shared/schemas/money.js';
import type { AccountFinances } from '../../shared/schemas/finance-views.js';
import type { AccountRef } from '../../shared/schemas/statement-views.js';
import { accountView } from '../accounts/account-view.js';
import { entriesOfAccount, statementsOfAccount } from '../data/access/accounts.js';
import { catalogueStore } from '../data/access/catalogue.js';
import { accountKeyOf } from '../data/entities/statements.js';
import { financeCube } from './cube.js';
import { byPeriod, bySlice, figuresOf, rangeTotal } from './figures.js';
import type { DateRange } from './range.js';
import type { CubeScope } from './scope.js';

/**
 * payees/{id}/finances, artists/{id}/finances: the lines an account earns from, by period and
 * store (the cube's artist_id and artist × store cells: an artist's own lines, a payee's the lines
 * of the artists whose members it is paid for), and its account as it stands (accounts/account-view.ts):
 * balance, what its unpaid statements owe, what was paid in the range. What the account's share
 * of those lines is exactly is on its statements (the engine's split), listed here.
 */
type ArtistMembers = { id: string; artist_members?: { payee_id?: string }[] };

/** The artists a payee is paid for: those with a member naming it. */
async function artistsOfPayee(tenantId: string, payeeId: string): Promise<string[]> {
  const artists = (await catalogueStore('Artist').listTenant(tenantId)) as ArtistMembers[];
  return artists.filter((a) => (a.artist_members ?? []).some((m) => m.payee_id === payeeId)).map((a) => a.id);
}

export async function accountFinances(
  tenantId: string,
  account: AccountRef,
  range: DateRange,
  knownVersion?: string,
): Promise<AccountFinances> {
  // Not found (another company's, or none) before anything else is read.
  const view = await accountView(tenantId, account);
  const key = accountKeyOf(account);
  const [cube, artistIds, entries, statements] = await Promise.all([
    financeCube(tenantId, knownVersion),
    account.type === 'Artist' ? Promise.resolve([account.id]) : artistsOfPayee(tenantId, account.id),
    entriesOfAccount(tenantId, key),
    statementsOfAccount(tenantId, key),
  ]);
  const scope: CubeScope = { kind: 'artists', ids: artistIds };
  const inForce = statements.filter((s) => !s.superseded_by && (s.queue_status ?? 'published') === 'published');
  const owed = inForce.filter((s) => !s.paid).reduce((a, s) => a.plus(s.figures.payable), new Big(0));
  const paid = entries
    .filter((e) => e.kind === 'payment' && e.date >= range.start_date && e.date <= range.end_date)
    .reduce((a, e) => a.minus(e.amount), new Big(0));
  return {
    account,
    name: view.name,
    currency: view.currency,
    start_date: range.start_date,
    end_date: range.end_date,
    by_period: byPeriod(cube, range, scope),
    by_store: bySlice(cube, range, scope, 'store'),
    totals: figuresOf(rangeTotal(cube, range, scope)),
    balance: view.balance,
    owed: money(owed),
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
