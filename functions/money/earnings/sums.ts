import { accountKeyOf } from '../accounts/account.js';
import type { ExactMoney, UnaccountableRecording } from '../../../shared/schemas/statement-views.js';
import { ID_SQL } from '../../royalties/ledger/overlays.js';
import { distinctValues, queryRows, withEffectiveLedger } from '../../royalties/ledger/query.js';
import { literal } from '../../royalties/ledger/sql.js';
import { formatJoin, rowsOf, weightSetJoin, type Prepared } from './allocation.js';
import type { EarningsScope } from './earnings.js';
import { unaccountableRecordings } from './preview-figures.js';
import { withAllocation } from './session.js';
import { decimalOfUnits, exactFromUnits, unitsOf } from '../../royalties/ledger/units.js';

/**
 * What the statement API reads besides runs: a label's payable sums, an artist's
 * payable and lines, the pay periods with royalties, a label's unaccountable recordings. Periods
 * are YYYY-MM, inclusive; '' leaves that end open.
 *
 * An artist's payable (label_artists/statements/statement_sum) is what the artist's side is owed
 * from the artist's own recordings and releases: the share of the account `Artist#id` plus the
 * shares of the artist's active members' payees, on the lines whose weights come from that artist.
 * A member payee's shares from other recordings (their own recording_payees splits) are not the
 * artist's and are left out.
 */
export type PeriodRange = { start_pay_period: string; end_pay_period: string };

const scopeOf = (range: PeriodRange, label_ids: string[] = []): EarningsScope => ({
  kind: 'payee',
  start_pay_period: range.start_pay_period,
  end_pay_period: range.end_pay_period,
  label_ids,
  accounts: [],
});

export type LabelPayableSums = {
  lines: number;
  /** Σ amount: what the distributor reported, in the company currency. */
  revenue_from_aggregator: ExactMoney;
  aggregator_payable: ExactMoney;
  label_payable: ExactMoney;
};

/** A label's lines in a period range summed: statements/royalty_pay_periods_statement_sums. */
export async function labelPayableSums(
  tenantId: string,
  labelId: string,
  range: PeriodRange,
): Promise<LabelPayableSums> {
  return withEffectiveLedger(tenantId, async (connection, relation, params) => {
    const [row] = await queryRows(
      connection,
      `SELECT count(*) AS lines, CAST(sum(${unitsOf('amount')}) AS VARCHAR) AS amount,
         CAST(sum(${unitsOf('aggregator_payable')}) AS VARCHAR) AS aggregator, CAST(sum(${unitsOf('label_payable')}) AS VARCHAR) AS label
       FROM ${relation} WHERE label_id = $st_label
         AND ($st_start = '' OR pay_period >= $st_start) AND ($st_end = '' OR pay_period <= $st_end)`,
      { ...params, st_label: labelId, st_start: range.start_pay_period, st_end: range.end_pay_period },
    );
    return {
      lines: Number(row.lines),
      revenue_from_aggregator: exactFromUnits(String(row.amount ?? 0)),
      aggregator_payable: exactFromUnits(String(row.aggregator ?? 0)),
      label_payable: exactFromUnits(String(row.label ?? 0)),
    };
  });
}

/** The artist's accounts by number: Artist#id and its active members' payees. */
export function artistAccounts(p: Prepared, artistId: string): number[] {
  const artist = p.catalogue.artists.find((a) => a.id === artistId);
  const keys = new Set<string>([
    accountKeyOf({ type: 'Artist', id: artistId }),
    ...(artist?.artist_members ?? [])
      .filter((m) => m.active !== false && m.payee_id)
      .map((m) => accountKeyOf({ type: 'Payee', id: String(m.payee_id) })),
  ]);
  const numbers = p.allocation.accounts.filter((a) => keys.has(a.account_key)).map((a) => a.acct_no);
  return numbers.length ? numbers : [-1];
}

/** The artist's payable over the prepared (artist-restricted) groups. */
export async function artistPayableOf(
  p: Prepared,
  artistId: string,
): Promise<{ lines: number; artist_payable: ExactMoney }> {
  const [row] = await rowsOf(
    p,
    `WITH mine AS (SELECT DISTINCT ws_id FROM st_ws_artists WHERE artist_id = ${literal(artistId)})
     SELECT (SELECT coalesce(sum(lines), 0) FROM st_groups WHERE ws_id IN (SELECT ws_id FROM mine)) AS lines,
       CAST(coalesce(sum(CAST(g.lines AS HUGEINT) * sign(g.u) * s.share), 0) AS VARCHAR) AS units
     FROM st_groups g JOIN st_split s ON s.sid = g.sid AND s.ua = abs(g.u)
     WHERE g.ws_id IN (SELECT ws_id FROM mine) AND s.acct_no IN (${artistAccounts(p, artistId).join(', ')})`,
  );
  return { lines: Number(row.lines), artist_payable: exactFromUnits(String(row.units)) };
}

/** label_artists/statements/statement_sum: what an artist is owed for a period range. */
export async function artistPayable(tenantId: string, artistId: string, range: PeriodRange) {
  return withAllocation(tenantId, scopeOf(range), (p) => artistPayableOf(p, artistId), { artistId });
}

/**
 * The scope's lines (alias `a`, with `ws_id`, `sid`, `u`) that `only` keeps, each with `share_u`:
 * the units the accounts numbered `accounts` get of it by the engine's split (allocation.ts).
 */
export function accountLinesSql(p: Prepared, accounts: number[], only: string): string {
  const { joins, wsId, sid } = weightSetJoin('payee', 'l', p.contracts);
  return `WITH a AS (
      SELECT l.*, ${wsId} AS ws_id, ${sid} AS sid FROM (SELECT *, ${unitsOf('label_payable')} AS u FROM ${p.lines}) l
      ${formatJoin('l')} ${joins}),
    shares AS (SELECT sid, ua, sum(share) AS share FROM st_split WHERE acct_no IN (${accounts.join(', ')}) GROUP BY ALL)
    SELECT a.*, sign(a.u) * coalesce(sh.share, 0) AS share_u FROM a
    LEFT JOIN shares sh ON sh.sid = a.sid AND sh.ua = abs(a.u)
    WHERE ${only}`;
}

/** SQL condition on a line of accountLinesSql: its weights come from the artist. */
export const ofArtistSql = (artistId: string) =>
  `a.ws_id IN (SELECT ws_id FROM st_ws_artists WHERE artist_id = ${literal(artistId)})`;

/** The artist's lines joined to its shares (accountLinesSql); the SQL of a page of them. */
const artistLinesSql = (p: Prepared, artistId: string) =>
  accountLinesSql(p, artistAccounts(p, artistId), ofArtistSql(artistId));

/** The pay periods in which an artist has royalties (newest first). */
export async function artistPayPeriodsOf(p: Prepared, artistId: string): Promise<string[]> {
  const { joins, wsId } = weightSetJoin('payee', 'l', p.contracts);
  const rows = await rowsOf(
    p,
    `SELECT DISTINCT l.pay_period AS v FROM ${p.lines} l ${formatJoin('l')} ${joins}
     WHERE l.pay_period IS NOT NULL AND ${wsId} IN (SELECT ws_id FROM st_ws_artists WHERE artist_id = ${literal(artistId)})
     ORDER BY v DESC`,
  );
  return rows.map((r) => String(r.v));
}

/** statements/royalty_pay_periods and label_artists/statements/royalty_pay_periods: periods with royalties, newest first. */
export async function royaltyPayPeriods(
  tenantId: string,
  of: { label_id?: string; artist_id?: string } = {},
): Promise<string[]> {
  if (of.artist_id) {
    const artistId = of.artist_id;
    return withAllocation(
      tenantId,
      scopeOf({ start_pay_period: '', end_pay_period: '' }),
      (p) => artistPayPeriodsOf(p, artistId),
      {
        stage: 'weights',
        artistId,
      },
    );
  }
  return distinctValues(tenantId, 'pay_period', of.label_id ? { by_label: of.label_id } : {});
}

/** label/artist_statements/prepare: a label's recordings nobody is entitled to, and its unmatched lines. */
export async function labelUnaccountableRecordings(
  tenantId: string,
  labelId: string,
  range: PeriodRange = { start_pay_period: '', end_pay_period: '' },
): Promise<UnaccountableRecording[]> {
  return withAllocation(tenantId, scopeOf(range, [labelId]), unaccountableRecordings, { stage: 'groups' });
}

export type ArtistRoyaltyPage = {
  royalties: Record<string, unknown>[];
  total_count: number;
  total_pages: number;
  page: number;
  per_page: number;
  /** Σ of the artist's share over all the period's lines (not just the page), exact. */
  artist_payable: ExactMoney;
};

/**
 * statements/artist_pay_period_royalty_records: a page of the lines an artist is paid on in a
 * period range — found by the catalogue (its recordings and releases), not by the report's artist
 * name, so a line matched by ISRC or by hand counts whatever name the store printed.
 */
export async function artistRoyaltyLines(
  tenantId: string,
  artistId: string,
  range: PeriodRange,
  page: number,
  perPage: number,
): Promise<ArtistRoyaltyPage> {
  return withAllocation(tenantId, scopeOf(range), (p) => artistRoyaltyLinesOf(p, artistId, page, perPage), {
    artistId,
  });
}

/** A page of the artist's lines (newest period first), each with the artist's share. */
export async function artistRoyaltyLinesOf(
  p: Prepared,
  artistId: string,
  page: number,
  perPage: number,
): Promise<ArtistRoyaltyPage> {
  const sql = artistLinesSql(p, artistId);
  const [totals] = await rowsOf(
    p,
    `SELECT count(*) AS lines, CAST(coalesce(sum(share_u), 0) AS VARCHAR) AS units FROM (${sql})`,
  );
  const rows = await rowsOf(
    p,
    `SELECT ${ID_SQL} AS id, * EXCLUDE (u, ws_id, sid, share_u), ${decimalOfUnits('share_u')} AS artist_share FROM (${sql})
     ORDER BY pay_period DESC NULLS LAST, import_id, line, manual_id LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`,
  );
  const total = Number(totals.lines);
  return {
    royalties: rows.map((r) => ({
      ...r,
      line: r.line === null ? null : Number(r.line),
      quantity: r.quantity === null ? null : Number(r.quantity),
    })),
    total_count: total,
    total_pages: Math.ceil(total / perPage),
    page,
    per_page: perPage,
    artist_payable: exactFromUnits(String(totals.units)),
  };
}
