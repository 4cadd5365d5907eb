import { accountKeyOf } from '../accounts/account.js';
import Big from 'big.js';
import type { AccountRef } from '../../../shared/schemas/statement-views.js';
import { rowsOf, type Prepared } from '../earnings/allocation.js';
import type { EarningsScope } from '../earnings/earnings.js';
import { withAllocation } from '../earnings/session.js';
import { accountLinesSql, artistAccounts, ofArtistSql } from '../earnings/sums.js';
import { exactFromUnits, unitsOf } from '../../royalties/ledger/units.js';
import { addToCube, type FinanceCube, type Sums } from './cube.js';
import type { DateRange } from './range.js';

/**
 * What one payee or artist earns, exactly as its statements would pay it (docs/statements.md): the engine's split of each line's label share, read in one engine pass
 * (withAllocation) over the range's lines. The aggregates cannot answer this: a payee paid
 * through recording_payees splits, or an artist's member, gets a share of lines that no
 * aggregate dimension names, and the largest-remainder split is per line.
 *
 * A payee: its own account's share of every line it has a part in. An artist: the shares of its
 * accounts (Artist#id and its active members' payees) on the lines whose weights come from the
 * artist (statements/engine/sums.ts, label_artists/statements/statement_sum).
 */
export type AccountEarnings = {
  /**
   * The account's lines as a small cube: per pay period 'total' and by 'retailer'; revenue, label
   * share and aggregator fee are the lines' own, `payees` is the account's exact share.
   */
  cube: FinanceCube;
  /** The recordings of those lines, in order; null when some are matched to a release only. */
  recordings: string[] | null;
};

/** The numbers (allocation.ts) of the accounts whose shares count, and which lines are the account's. */
function accountLines(p: Prepared, account: AccountRef): { accounts: number[]; only: string } {
  if (account.type === 'Artist') return { accounts: artistAccounts(p, account.id), only: ofArtistSql(account.id) };
  const key = accountKeyOf(account);
  const number = p.allocation.accounts.find((a) => a.account_key === key)?.acct_no ?? -1;
  return { accounts: [number], only: `a.sid IN (SELECT sid FROM st_parts WHERE acct_no = ${number})` };
}

/** One (pay period, store) of the account's lines, as the engine's pass sums it: plain values, kept as JSON. */
type PeriodStoreSums = {
  pay_period: string;
  retailer: string | null;
  lines: number;
  quantity: number;
  /** Exact decimals (units.ts), as strings. */
  amount: string;
  label: string;
  agg: string;
  share: string;
};

/** What the engine's pass answers (and what is kept for the next view): the sums and the recordings. */
type AccountSums = { rows: PeriodStoreSums[]; recordings: string[] | null };

async function sumsOf(p: Prepared, account: AccountRef): Promise<AccountSums> {
  const { accounts, only } = accountLines(p, account);
  // The account's lines once into a temp table: both answers below read it, not the ledger again.
  await p.connection.run(
    `CREATE OR REPLACE TEMP TABLE fa_lines AS
     SELECT pay_period, retailer, recording_id, quantity, u, share_u, ${unitsOf('amount')} AS amount_u,
       ${unitsOf('aggregator_payable')} AS agg_u
     FROM (${accountLinesSql(p, accounts, only)})`,
    p.params,
  );
  const rows = await rowsOf(
    p,
    `SELECT pay_period, retailer, count(*) AS lines, coalesce(sum(quantity), 0) AS quantity,
       CAST(sum(CAST(amount_u AS HUGEINT)) AS VARCHAR) AS amount, CAST(sum(CAST(u AS HUGEINT)) AS VARCHAR) AS label,
       CAST(sum(CAST(agg_u AS HUGEINT)) AS VARCHAR) AS agg, CAST(sum(CAST(share_u AS HUGEINT)) AS VARCHAR) AS share
     FROM fa_lines GROUP BY ALL ORDER BY ALL`,
  );
  const [found] = await rowsOf(
    p,
    `SELECT coalesce(bool_or(recording_id IS NULL), false) AS release_only,
       list(DISTINCT recording_id ORDER BY recording_id) FILTER (WHERE recording_id IS NOT NULL) AS ids FROM fa_lines`,
  );
  return {
    rows: rows.map((row) => ({
      pay_period: String(row.pay_period),
      retailer: (row.retailer as string | null) || null,
      lines: Number(row.lines),
      quantity: Number(row.quantity),
      amount: String(row.amount ?? 0),
      label: String(row.label ?? 0),
      agg: String(row.agg ?? 0),
      share: String(row.share ?? 0),
    })),
    recordings: found.release_only ? null : ((found.ids as string[] | null) ?? []),
  };
}

const units = (value: string) => new Big(exactFromUnits(value));

/** The sums as a small cube: per pay period 'total' and by 'retailer'. */
function cubeOf(rows: PeriodStoreSums[]): FinanceCube {
  const cube: FinanceCube = new Map();
  for (const row of rows) {
    const sums: Sums = {
      lines: row.lines,
      quantity: row.quantity,
      amount: units(row.amount),
      label_payable: units(row.label),
      aggregator_payable: units(row.agg),
      payees: units(row.share),
      retained: new Big(0),
      unaccountable: new Big(0),
    };
    addToCube(cube, row.pay_period, 'total', 'total', sums);
    addToCube(cube, row.pay_period, 'retailer', row.retailer, sums);
  }
  return cube;
}

/**
 * Where an account's sums are kept (kept-allocation.ts `keptAnswer`): a folder per account, since a company's older
 * files of one folder go a minute after a newer one is written, and one payee's view must not cost another's.
 */
const keptKind = (account: AccountRef) => `account-earnings/${accountKeyOf(account).replace(/[^0-9A-Za-z]/g, '_')}`;

/** The account's earnings over the range's pay periods (one engine pass). */
export async function accountEarnings(
  tenantId: string,
  account: AccountRef,
  range: DateRange,
): Promise<AccountEarnings> {
  const scope: EarningsScope = {
    kind: 'payee',
    start_pay_period: range.start_date.slice(0, 7),
    end_pay_period: range.end_date.slice(0, 7),
    label_ids: [],
    accounts: [account],
  };
  // An artist's lines are only those of its recordings and releases, a payee's those whose weights pay it: the engine
  // keeps the rest out.
  const options = account.type === 'Artist' ? { artistId: account.id } : { paysAccount: accountKeyOf(account) };
  // Opened again and again (the artist portal, a payee's page) over lines that change only with an import, an edit or
  // the catalogue: the sums are kept and given again until one of those names other inputs.
  const { rows, recordings } = await withAllocation(tenantId, scope, (p) => sumsOf(p, account), {
    ...options,
    answerKeptAs: keptKind(account),
  });
  return { cube: cubeOf(rows), recordings };
}
