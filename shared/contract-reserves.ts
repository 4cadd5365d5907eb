import Big from 'big.js';
import { money } from './schemas/money.js';

/**
 * Reserves on physical sales, held under a contract and released later, pure arithmetic
 * (docs/contracts.md).
 *
 * A statement holds back the contract's reserve % of the payee's physical sales under it (rounded
 * down to the cent, so never more than was earned). Returns take no reserve: only sales (lines
 * paying a positive amount) count. Each reserve held is released in equal whole-cent parts over
 * the payee's next `release_periods` statements (part n is ⌊held × n / P⌋ − ⌊held × (n − 1) / P⌋,
 * so the parts add up to exactly what was held and none is ever released twice). What is not
 * released yet is carried from each statement to the next.
 */
type Money = string;

/** One reserve held on a statement, and how much of it later statements have released. */
export type HeldReserve = {
  contract_id: string;
  name: string;
  held: Money;
  /** The statements it is released over, as the contract said when it was held (an amendment never reschedules it). */
  periods: number;
  /** How many statements have released a part of it, and the sum of those parts. */
  releases: number;
  released: Money;
};

/** What a statement shows for one contract: held back on this statement's sales, released from earlier ones. */
export type ReserveRow = { contract_id: string; name: string; held: Money; released: Money };

/** A contract's reserve terms as a statement applies them. */
export type ReserveTerms = { contract_id: string; name: string; percent: string; release_periods: number };

/** The reserve on `physical` (exact earnings on physical sales): percent of it, rounded down to the cent. */
export function reserveHeld(percent: string, physical: string): Money {
  const base = new Big(physical);
  if (base.lte(0)) return '0.00';
  return money(base.times(percent).div(100).round(2, Big.roundDown));
}

/** ⌊held × n / periods⌋ to the cent: what the first n releases add up to (all of it once n = periods). */
function releasedAfter(held: Money, periods: number, n: number): Big {
  return new Big(held).times(Math.min(n, periods)).div(periods).round(2, Big.roundDown);
}

/**
 * One statement's reserves: releases the next part of each reserve carried in, holds the contracts'
 * reserves on this statement's physical sales, and answers the rows to show and the reserves to
 * carry on (those not fully released).
 */
export function planReserves(
  carried: readonly HeldReserve[],
  terms: readonly ReserveTerms[],
  physical: ReadonlyMap<string, string>,
): { rows: ReserveRow[]; outstanding: HeldReserve[] } {
  const rows = new Map<string, { name: string; held: Big; released: Big }>();
  const row = (contractId: string, name: string) => {
    const found = rows.get(contractId) ?? { name, held: new Big(0), released: new Big(0) };
    rows.set(contractId, found);
    return found;
  };
  const outstanding: HeldReserve[] = [];
  for (const reserve of carried) {
    const releases = reserve.releases + 1;
    const released = releasedAfter(reserve.held, reserve.periods, releases);
    row(reserve.contract_id, reserve.name).released = row(reserve.contract_id, reserve.name).released.plus(
      released.minus(reserve.released),
    );
    if (releases < reserve.periods) outstanding.push({ ...reserve, releases, released: money(released) });
  }
  for (const term of terms) {
    const held = reserveHeld(term.percent, physical.get(term.contract_id) ?? '0');
    if (new Big(held).eq(0)) continue;
    row(term.contract_id, term.name).held = row(term.contract_id, term.name).held.plus(held);
    outstanding.push({
      contract_id: term.contract_id,
      name: term.name,
      held,
      periods: term.release_periods,
      releases: 0,
      released: '0.00',
    });
  }
  return {
    rows: [...rows].map(([contract_id, r]) => ({
      contract_id,
      name: r.name,
      held: money(r.held),
      released: money(r.released),
    })),
    outstanding,
  };
}

/** What the reserves move on the statement's account: released (+) less held (−). */
export const reservesMovement = (rows: readonly ReserveRow[]): Money =>
  money(rows.reduce((t, r) => t.plus(r.released).minus(r.held), new Big(0)));
