import Big from 'big.js';
import type { RoyaltyTerm, RoyaltyTerms } from '../../../shared/schemas/contracts.js';

/**
 * The base a contract term's rate is applied to, for one group of sales (docs/contracts.md):
 * - net receipts: the label's share of the sales (what the distributor paid the label);
 * - gross: what the store paid, before the distributor's cut (the ledger's `amount`, in the company currency);
 * - the published price to dealer (PPD): the units × the release's dealer price for the sales' configuration.
 * A packaging deduction for the sales' configuration (physical sales only) reduces the base by its
 * percentage before the rate applies. Money is in millionths (bigint) throughout.
 */

const MILLION = 1_000_000n;

/** A percentage as written ("25") in ten-thousandths of a percent: 100 % = 1,000,000. */
const percent4 = (value: string): bigint => BigInt(new Big(value).times(10_000).round(0, Big.roundHalfUp).toFixed(0));

/** A dealer price (a catalogue number such as 8 or "8.00") in millionths; null when not set or not above 0. */
function priceUnits(value: unknown): bigint | null {
  if (value === null || value === undefined || value === '') return null;
  try {
    const price = new Big(String(value));
    return price.gt(0) ? BigInt(price.times(1_000_000).round(0, Big.roundHalfUp).toFixed(0)) : null;
  } catch {
    return null;
  }
}

const same = (a: unknown, b: unknown) =>
  typeof a === 'string' && typeof b === 'string' && a.trim().toUpperCase() === b.trim().toUpperCase();

type Product = { format?: unknown; dealer_price?: unknown };
/** The release's dealer price for a configuration, in millionths, or null: what a PPD term needs. */
export type DealerPrice = (releaseId: string | null, configuration: string | null) => bigint | null;

/**
 * Dealer prices from the releases' products: the product of the sales' configuration (letter case
 * aside: a "CD" product prices the ledger's "cd" sales); sales that name no configuration take the
 * release's only product with a dealer price. Another format's price is never used. No price found:
 * the PPD term cannot be applied, and the sales are listed as such.
 */
export function dealerPrices(releases: readonly { id: string; products?: unknown }[]): DealerPrice {
  const byRelease = new Map(
    releases.map((r) => [
      r.id,
      (Array.isArray(r.products) ? (r.products as Product[]) : []).filter((p) => priceUnits(p.dealer_price)),
    ]),
  );
  return (releaseId, configuration) => {
    const priced = releaseId ? (byRelease.get(releaseId) ?? []) : [];
    const product = configuration
      ? priced.find((p) => same(p.format, configuration))
      : priced.length === 1
        ? priced[0]
        : undefined;
    return product ? priceUnits(product.dealer_price) : null;
  };
}

/** The packaging deduction (ten-thousandths of a percent) of physical sales in `configuration`, 0 when none. */
export function packagingOf(
  packaging: RoyaltyTerms['packaging_deductions'],
  configuration: string | null,
  physical: boolean,
): { configuration: string; deduction: bigint } | null {
  if (!physical || !configuration) return null;
  const key = Object.keys(packaging).find((k) => same(k, configuration));
  const deduction = key === undefined ? 0n : percent4(packaging[key] as string);
  return key !== undefined && deduction > 0n ? { configuration: key, deduction } : null;
}

/** Sales of one group as the plan reads them: units, the label's share and the gross, in millionths. */
export type GroupSales = { units: bigint; label: bigint; gross: bigint };

export type BaseOutcome =
  | { kind: 'paid'; base: bigint; royalty: bigint }
  | { kind: 'no_dealer_price' }
  | { kind: 'no_label_share' };

/** Half away from zero, so a return mirrors the sale it takes back. */
function divideHalfAway(num: bigint, den: bigint): bigint {
  const negative = num < 0n !== den < 0n;
  const [n, d] = [num < 0n ? -num : num, den < 0n ? -den : den];
  const q = (n * 2n + d) / (2n * d);
  return negative ? -q : q;
}

/**
 * What a term on gross or PPD pays on a group of sales, in millionths: rate × (base less the packaging
 * deduction), rounded once, half away from zero, to the millionth. `rate` is the rate in force (an
 * escalation's exact mix included) in ten-thousandths of a percent, as a fraction. The engine then
 * divides that royalty among the group's lines in proportion to their label share, so it must be
 * a part of that share with the same sign: a royalty on sales that left the label no share (or a
 * share of the other sign) cannot be paid from it and is listed instead.
 */
export function royaltyOnBase(
  term: Pick<RoyaltyTerm, 'base'>,
  rate: { num: bigint; den: bigint },
  deduction: bigint,
  sales: GroupSales,
  dealerPrice: bigint | null,
): BaseOutcome {
  let base: bigint;
  if (term.base === 'ppd') {
    if (dealerPrice === null) return { kind: 'no_dealer_price' };
    base = sales.units * dealerPrice;
  } else base = term.base === 'gross' ? sales.gross : sales.label;
  const royalty = divideHalfAway(rate.num * (MILLION - deduction) * base, rate.den * MILLION * MILLION);
  if (royalty !== 0n && (sales.label === 0n || royalty < 0n !== sales.label < 0n)) return { kind: 'no_label_share' };
  return { kind: 'paid', base, royalty };
}

/** "8.00": a price in millionths, to the cent when it has no more, grouped in thousands. */
export function priceWords(units: bigint): string {
  const text = new Big(String(units))
    .div(1_000_000)
    .toFixed(6)
    .replace(/(\.\d\d\d*?)0+$/, '$1');
  const [whole = '0', decimals] = text.split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${decimals ? `.${decimals}` : ''}`;
}
