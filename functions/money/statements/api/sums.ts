import { MESSAGES } from '../../../../shared/messages.js';
import { monthEnd } from '../../../../shared/statement-periods.js';
import { InvalidField } from '../../../lib/errors.js';
import { distinctValues, listRoyalties } from '../../../royalties/ledger/query.js';
import {
  artistPayable,
  artistRoyaltyLines,
  labelUnaccountableRecordings,
  royaltyPayPeriods as paidPayPeriods,
} from '../../earnings/sums.js';
import { chosenPeriods } from './runs.js';
import type { PeriodQuery } from './schemas.js';

/**
 * The period and sum calls statements are prepared with: the pay periods with
 * royalties, a label's or an artist's sums for a period, the royalty lines behind them, and the
 * recordings nobody is entitled to. They read the effective ledger (lines with edits and manual
 * sales), never another company's.
 */

const dateFilter = (periods: { start_pay_period: string; end_pay_period: string }) => ({
  start_date: `${periods.start_pay_period}-01`,
  end_date: monthEnd(periods.end_pay_period),
});

const requireLabel = (query: PeriodQuery) => {
  if (!query.label_id) throw new InvalidField('label_id', MESSAGES.noLabelSelected);
  return query.label_id;
};
const requireArtist = (query: PeriodQuery) => {
  if (!query.artist_id) throw new InvalidField('artist_id', MESSAGES.noArtistSelected);
  return query.artist_id;
};

/** GET statements/royalty_pay_periods: every pay period the ledger has, newest first. */
export async function royaltyPayPeriods(tenantId: string, query: PeriodQuery) {
  const filter = query.label_id ? { by_label: query.label_id } : {};
  return { pay_periods: await distinctValues(tenantId, 'pay_period', filter) };
}

/** A label's sums for a period: what the aggregator paid it and the aggregator's own cut (distribution statements). */
export async function labelPeriodSums(tenantId: string, query: PeriodQuery) {
  const label_id = requireLabel(query);
  const periods = chosenPeriods(query);
  const sums = await listRoyalties(tenantId, {
    filter: { by_label: label_id, ...dateFilter(periods) },
    page: 1,
    per_page: 5,
    sort: { field: 'pay_period', direction: 'desc' },
  });
  return {
    label_id,
    ...periods,
    lines: sums.total_count,
    total: sums.total_sum,
    revenue_from_aggregator: sums.label_sum,
    aggregator_payable: sums.aggregator_sum,
  };
}

/** An artist's share for a period: its own account's and its members' payees' shares of its lines (engine/sums.ts). */
export async function artistPeriodSum(tenantId: string, query: PeriodQuery) {
  const artist_id = requireArtist(query);
  const periods = chosenPeriods(query);
  return { artist_id, ...periods, ...(await artistPayable(tenantId, artist_id, periods)) };
}

/**
 * label_artists/statements/royalty_pay_periods and statements/artist_pay_period_royalty_records:
 * the periods and lines an artist is paid on, found through the catalogue (its recordings and
 * releases, its members' payees), never by the report's artist name, which a matched line may not carry.
 */
export async function artistPayPeriods(tenantId: string, artistId: string) {
  return { pay_periods: await paidPayPeriods(tenantId, { artist_id: artistId }) };
}
export async function artistRoyaltyRecords(
  tenantId: string,
  artistId: string,
  query: PeriodQuery & { page: number; per_page: number },
) {
  return artistRoyaltyLines(tenantId, artistId, chosenPeriods(query), query.page, query.per_page);
}

/** A label's recordings nobody is entitled to, and its unmatched lines: never dropped. */
export async function unaccountableRecordings(tenantId: string, query: PeriodQuery) {
  const label_id = requireLabel(query);
  const periods =
    query.start_pay_period || query.end_pay_period
      ? chosenPeriods(query)
      : { start_pay_period: '', end_pay_period: '' };
  return { label_id, unaccountable_recordings: await labelUnaccountableRecordings(tenantId, label_id, periods) };
}

export { requireArtist, dateFilter };
