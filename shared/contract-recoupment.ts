import Big from 'big.js';
import { money } from './schemas/money.js';
import type { RoyaltyTerms } from './schemas/contracts.js';

/**
 * Recoupment at the contract level, pure arithmetic (docs/contracts.md).
 *
 * A contract's balance to recoup starts at its opening balance when it was brought in from another
 * system, else at its advance plus its recoupable costs' recoupable part (costs × % half-up to the
 * cent). Each statement of one of its payees recoups from the payee's earnings under the contract
 * first: whole cents only, at most those earnings rounded down to the cent and at most what is
 * still unrecouped, so the balance never goes below zero and never recoups a fraction of a cent
 * the payee did not earn. Negative earnings (returns) recoup nothing and never put the balance back up.
 * Everything is in cents; the rest of the earnings stay payable.
 */
type Money = string;

const ZERO = new Big(0);
const atLeastZero = (value: Big) => (value.lt(0) ? ZERO : value);

/** Where recoupment starts: the opening balance when brought in, else advance + costs × recoupable %. */
export function amountToRecoup(
  terms: Pick<RoyaltyTerms, 'advance' | 'recoupable_costs' | 'recoupable_costs_percent' | 'opening_balance'>,
): Money {
  if (terms.opening_balance !== undefined) return money(new Big(terms.opening_balance));
  const costs = new Big(terms.recoupable_costs ?? 0)
    .times(terms.recoupable_costs_percent ?? 0)
    .div(100)
    .round(2, Big.roundHalfUp);
  return money(new Big(terms.advance ?? 0).plus(costs));
}

/** What is still to recoup: never below zero (an amendment may lower the advance under what was recouped). */
export const unrecouped = (toRecoup: Money, recouped: Money): Money =>
  money(atLeastZero(new Big(toRecoup).minus(recouped)));

/** One contract's recoupment on one statement: the balance before, what it took, the balance after. */
export type RecoupmentStep = { opening: Money; recouped: Money; closing: Money };

/** Recoups from `earned` (exact, 6 decimals): whole cents, never more than earned nor than the balance. */
export function recoupFrom(opening: Money, earned: string): RecoupmentStep {
  const available = atLeastZero(new Big(earned).round(2, Big.roundDown));
  const balance = atLeastZero(new Big(opening));
  const taken = available.lt(balance) ? available : balance;
  return { opening: money(balance), recouped: money(taken), closing: money(balance.minus(taken)) };
}

/** A contract's recoupment as read before publishing: the condition its write goes under is `version`. */
export type RecoupmentPosition = {
  contract_id: string;
  /** "Contract with Jane Q. Artist Ltd", as the statement names it. */
  name: string;
  to_recoup: Money;
  /** Σ recouped by every statement so far. */
  recouped: Money;
  version: number;
  /** The reserve the contract's terms hold on physical sales in the period (shared/contract-reserves.ts), if any. */
  reserve?: { percent: string; release_periods: number };
};

/** A statement's line for one contract: the position it shows and what its write moves. */
export type ContractRecoupment = RecoupmentStep & {
  contract_id: string;
  name: string;
  /** The contract's recouped total once the statement is published, and the version it is written under. */
  recouped_after: Money;
  version: number;
};

/**
 * A statement's recoupment, contract by contract: the payee's earnings under each contract recoup its
 * balance. A correction gives back first what the statement it replaces recouped (`givenBack`), so
 * the months it states again are recouped once.
 */
export function planRecoupment(
  positions: readonly RecoupmentPosition[],
  earned: ReadonlyMap<string, string>,
  givenBack: ReadonlyMap<string, Money> = new Map(),
): ContractRecoupment[] {
  return positions.flatMap((position) => {
    const earnings = earned.get(position.contract_id);
    if (earnings === undefined) return [];
    const before = atLeastZero(new Big(position.recouped).minus(givenBack.get(position.contract_id) ?? 0));
    const step = recoupFrom(unrecouped(position.to_recoup, money(before)), earnings);
    return [
      {
        contract_id: position.contract_id,
        name: position.name,
        ...step,
        recouped_after: money(before.plus(step.recouped)),
        version: position.version,
      },
    ];
  });
}

/** Σ recouped on a statement, positive. */
export const totalRecouped = (rows: readonly Pick<RecoupmentStep, 'recouped'>[]): Money =>
  money(rows.reduce((t, r) => t.plus(r.recouped), ZERO));
