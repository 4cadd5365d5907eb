/**
 * The ledger's sums as every page shows them, to the cent, so the figures a page puts side by side add up: the
 * royalties list's summary and the finances and dashboards' figures (functions/money/finances/finance-figures.ts)
 * both come from `summaryFigures`, and a statement run's totals from `labelShareParts`, the same rule, so two pages
 * never show the same sum two ways.
 */

/** An exact decimal string as millionths (the ledger's unit); anything else is 0. */
function millionths(value: string | null | undefined): bigint {
  const match = /^([+-]?)(\d*)(?:\.(\d{0,6})\d*)?$/.exec(String(value ?? '').trim());
  if (!match || (!match[2] && !match[3])) return 0n;
  const units = BigInt(match[2] || '0') * 1_000_000n + BigInt((match[3] ?? '').padEnd(6, '0'));
  return match[1] === '-' ? -units : units;
}

/** Millionths to whole cents, half away from zero (as decimal2 rounds). */
function cents(units: bigint): bigint {
  const negative = units < 0n;
  const whole = ((negative ? -units : units) + 5_000n) / 10_000n;
  return negative ? -whole : whole;
}

/** Cents as a plain decimal string ("-1234.50"), for formatMoney. */
function centsText(value: bigint): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  return `${negative ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/**
 * The summary's figures as a reader checks them, in the cents shown:
 * Total = Aggregator (the distributor's cut) + Label share, and the artists' share is the part
 * of the label share owed to artists (not an extra amount), the label keeping the rest.
 * The ledger keeps 6 decimals; rounding each figure on its own could show £0.01 = £0.01 + £0.01,
 * so Total and Label share are rounded and the aggregator shown is their difference (as the
 * ledger derives it, amount − label), and what the label keeps is label share − artists.
 * `adds_up` is false when the exact sums themselves do not (the aggregator is then shown as
 * summed); `artists_within_label` is false when the artists' part exceeds the label share.
 */
export type SummaryFigures = {
  total: string;
  aggregator: string;
  label: string;
  /** Owed to payees and artists, as a statement run would split these lines with today's terms. */
  artists: string;
  label_keeps: string;
  /** Lines without payees, artists or release terms: no one can be paid from them. */
  unaccountable: string;
  adds_up: boolean;
  artists_within_label: boolean;
};

export function summaryFigures(sums: {
  total_sum: string;
  aggregator_sum: string;
  label_sum: string;
  artist_sum: string;
  unaccountable_sum?: string;
}): SummaryFigures {
  const exact = {
    total: millionths(sums.total_sum),
    aggregator: millionths(sums.aggregator_sum),
    label: millionths(sums.label_sum),
    artists: millionths(sums.artist_sum),
    unaccountable: millionths(sums.unaccountable_sum ?? '0'),
  };
  const addsUp = exact.total === exact.aggregator + exact.label;
  const total = cents(exact.total);
  const parts = labelShareParts({
    label: sums.label_sum,
    owed: sums.artist_sum,
    unaccountable: sums.unaccountable_sum,
  });
  const aggregator = addsUp ? total - cents(exact.label) : cents(exact.aggregator);
  return {
    total: centsText(total),
    aggregator: centsText(aggregator),
    label: parts.label,
    artists: parts.owed,
    label_keeps: parts.label_keeps,
    unaccountable: parts.unaccountable,
    adds_up: addsUp,
    artists_within_label: exact.label >= 0n ? exact.artists <= exact.label : exact.artists >= exact.label,
  };
}

/**
 * The label share's parts to the cent, as every page shows them: the label share, what payees and artists are owed
 * and what no one is entitled to each rounded half away from zero, and what the label keeps the rest, so the parts
 * add up to the label share as shown. Rounded on its own, what the label keeps could miss by a cent (a label share
 * of 5.435 owed 3.261: 5.44 = 3.26 + 2.18, where 2.174 alone rounds to 2.17).
 */
export function labelShareParts(exact: { label: string; owed: string; unaccountable?: string }): {
  label: string;
  owed: string;
  label_keeps: string;
  unaccountable: string;
} {
  const label = cents(millionths(exact.label));
  const owed = cents(millionths(exact.owed));
  const unaccountable = cents(millionths(exact.unaccountable ?? '0'));
  return {
    label: centsText(label),
    owed: centsText(owed),
    label_keeps: centsText(label - owed - unaccountable),
    unaccountable: centsText(unaccountable),
  };
}
