import Big from 'big.js';
import { roundRowsToTotal } from '../../shared/money.js';

/**
 * A fee shared over a licence's assets by their splits, to the cent, so the shares add up to the
 * fee exactly: each share is first cut to the cent below, and the cents still missing go one each
 * to the shares that lost the most (the earlier asset first on a tie). The splits add up to 100 %,
 * so the exact shares add up to the fee and no cent is made or lost.
 */
export function splitFee(fee: string, splits: readonly string[]): string[] {
  const exact = splits.map((split) => new Big(fee).times(split).div(100).toString());
  return roundRowsToTotal(exact).rows;
}
