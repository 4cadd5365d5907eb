import Big from 'big.js';
import type { RoyaltyTerms } from './schemas/contracts.js';
import { formatPercent } from './format.js';

/**
 * Escalations, pure arithmetic (docs/contracts.md). A contract's rate changes once its cumulative
 * units or revenue (the label's net receipts of the sales it covers) over its life pass a threshold.
 * Sales are taken in one fixed order, and a sale that crosses a threshold is split exactly where it
 * crosses: the part up to the threshold at the rate before, the part beyond at the new rate. Nothing
 * is rounded here: the mix is one exact fraction of the sale, which the statements engine rounds once
 * to the millionth, with the same rule as every other share (so the line still adds up to itself).
 *
 * Rates are in ten-thousandths of a percent (18 % = 180000n); revenue in millionths; units whole.
 */
export type Escalation = RoyaltyTerms['escalations'][number];

/** Where a contract stands before a sale: Σ units and Σ revenue (millionths) of its sales so far. */
export type Position = { units: bigint; revenue: bigint };

/** One piece of a sale at one rate: `from`/`to` are fractions (num/den) of the sale, 0 to 1. */
export type Piece = { rate: bigint; escalation: number | null; from: Fraction; to: Fraction };
export type Fraction = { num: bigint; den: bigint };

/** A rate as written ("18.5") in ten-thousandths of a percent. */
const rate4 = (rate: string): bigint => BigInt(new Big(rate).times(10_000).toFixed(0));
const revenueUnits = (amount: string): bigint => BigInt(new Big(amount).times(1_000_000).toFixed(0));

/** The escalations that can raise the term `termIndex` (0-based): those naming it, and those naming no term. */
const escalationsOf = (escalations: readonly Escalation[], termIndex: number) =>
  escalations.flatMap((e, index) => (e.term === undefined || e.term === termIndex + 1 ? [{ e, index }] : []));

/** An escalation is passed once the position reaches its threshold (units in units, revenue in revenue). */
function passed(e: Escalation, at: Position): boolean {
  if (e.threshold_units !== undefined) return at.units >= BigInt(e.threshold_units);
  return at.revenue >= revenueUnits(e.threshold_revenue ?? '0');
}

/** The rate at a position: the last escalation (in the contract's order) already passed, else the term's own. */
function rateAt(
  termRate: string,
  escalations: readonly Escalation[],
  termIndex: number,
  at: Position,
): { rate: bigint; escalation: number | null } {
  let found: { rate: bigint; escalation: number | null } = { rate: rate4(termRate), escalation: null };
  for (const { e, index } of escalationsOf(escalations, termIndex))
    if (passed(e, at)) found = { rate: rate4(e.rate), escalation: index };
  return found;
}

const lessThan = (a: Fraction, b: Fraction) => a.num * b.den < b.num * a.den;
const ZERO: Fraction = { num: 0n, den: 1n };
const ONE: Fraction = { num: 1n, den: 1n };

/**
 * A sale of `sale.units` units and `sale.revenue` revenue, starting at `before`, cut where it crosses
 * a threshold. A sale that does not move the position forward (a return, a zero line) crosses nothing:
 * it takes the rate in force before it.
 */
export function piecesOf(
  termRate: string,
  escalations: readonly Escalation[],
  termIndex: number,
  before: Position,
  sale: Position,
): Piece[] {
  const cuts: Fraction[] = [];
  for (const { e } of escalationsOf(escalations, termIndex)) {
    const [start, step, threshold] =
      e.threshold_units !== undefined
        ? [before.units, sale.units, BigInt(e.threshold_units)]
        : [before.revenue, sale.revenue, revenueUnits(e.threshold_revenue ?? '0')];
    // Crossed inside the sale: the threshold is reached after part of it, strictly between its ends.
    if (step > 0n && start < threshold && threshold < start + step) cuts.push({ num: threshold - start, den: step });
  }
  cuts.sort((a, b) => (lessThan(a, b) ? -1 : lessThan(b, a) ? 1 : 0));
  const bounds = [ZERO, ...cuts, ONE];
  const pieces: Piece[] = [];
  for (let i = 0; i + 1 < bounds.length; i++) {
    const from = bounds[i] as Fraction;
    const to = bounds[i + 1] as Fraction;
    if (!lessThan(from, to)) continue;
    // The rate of a piece is the one in force where it starts (a threshold reached is passed).
    const at = {
      units: before.units + (sale.units * from.num) / from.den,
      revenue: before.revenue + (sale.revenue * from.num) / from.den,
    };
    // Thresholds are whole numbers, so the position rounded down has passed one exactly when it has.
    const { rate, escalation } = rateAt(termRate, escalations, termIndex, at);
    const last = pieces[pieces.length - 1];
    if (last && last.rate === rate && last.escalation === escalation) last.to = to;
    else pieces.push({ rate, escalation, from, to });
  }
  return pieces;
}

/** The sale's one exact rate: Σ piece rate × piece length, as a fraction (ten-thousandths of a percent). */
export function blendedRate(pieces: readonly Piece[]): Fraction {
  let num = 0n;
  let den = 1n;
  for (const p of pieces) {
    const width = { num: p.to.num * p.from.den - p.from.num * p.to.den, den: p.to.den * p.from.den };
    num = num * width.den + p.rate * width.num * den;
    den *= width.den;
  }
  const g = gcd(num, den);
  return g ? { num: num / g, den: den / g } : { num, den };
}

function gcd(a: bigint, b: bigint): bigint {
  let [x, y] = [a < 0n ? -a : a, b < 0n ? -b : b];
  while (y) [x, y] = [y, x % y];
  return x;
}

/** The units of a sale in each piece (whole units: a threshold in units always cuts on a whole unit). */
export function unitsIn(piece: Piece, units: bigint): Fraction {
  const num = units * (piece.to.num * piece.from.den - piece.from.num * piece.to.den);
  const den = piece.to.den * piece.from.den;
  const g = gcd(num, den) || 1n;
  return { num: num / g, den: den / g };
}

/** "12,000": a whole number as people write it. */
const grouped = (n: bigint | number) => Number(n).toLocaleString('en-GB');
const pct = (r4: bigint) => formatPercent(new Big(String(r4)).div(10_000).toString());

/** When an escalation applies, in words: "after 10,000 units", "after 50000.00 of revenue". */
function thresholdWords(e: Escalation): string {
  return e.threshold_units !== undefined
    ? `after ${grouped(e.threshold_units)} units`
    : `after ${e.threshold_revenue} of revenue`;
}

/**
 * What a sale paid, in words, after the term's own words: "20 % from 10,000 units" when it is wholly
 * beyond a threshold, "1,000 units at 18 %, then 1,000 at 20 % (after 10,000 units)" when it crosses one.
 */
export function piecesWords(pieces: readonly Piece[], escalations: readonly Escalation[], units: bigint): string {
  const [first] = pieces;
  if (!first) return '';
  const reason = (p: Piece) =>
    p.escalation === null ? '' : ` (${thresholdWords(escalations[p.escalation] as Escalation)})`;
  if (pieces.length === 1) return first.escalation === null ? '' : `escalated to ${pct(first.rate)}${reason(first)}`;
  const part = (p: Piece) => {
    const u = unitsIn(p, units);
    return u.num % u.den === 0n
      ? `${grouped(u.num / u.den)} units at ${pct(p.rate)}${reason(p)}`
      : `${pct(p.rate)}${reason(p)}`;
  };
  return `split: ${pieces.map(part).join(', then ')}`;
}
