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
  /** "Artist release contract with Jane Q. Artist Ltd" (`contractName`), as the statement names it. */
  name: string;
  to_recoup: Money;
  /** Σ recouped from earnings under this contract by every statement so far. */
  recouped: Money;
  version: number;
  /** The reserve the contract's terms hold on physical sales in the period (shared/contract-reserves.ts), if any. */
  reserve?: { percent: string; release_periods: number };
  /** Cross-collateralised: the group whose contracts recoup together, one balance for all of them. */
  group?: string;
  /** What its statements stated so far, by pay period (the sales its escalations count from). */
  stated?: StatedSales;
};

/** A contract's sales by pay period as its published statements stated them: units, and revenue (exact). */
type StatedSales = Record<string, { units: string; revenue: string }>;

/** A statement's line for one contract, or one cross-collateralised group: its balance before, recouped, after. */
export type RecoupmentRow = RecoupmentStep & {
  contract_id: string;
  name: string;
  /** A group's contracts and what this statement recouped from the earnings under each (a correction gives these back). */
  members?: { contract_id: string; recouped: Money }[];
};

/** What the publishing write moves: each contract's recouped total, on condition its version is still `version`. */
export type RecoupmentWrite = { contract_id: string; recouped: Money; version: number; stated?: StatedSales };

/**
 * A statement's recoupment: the payee's earnings under each contract recoup its balance, and under a
 * cross-collateralised group's contracts the group's one balance (Σ of what its contracts have to
 * recoup, less Σ of what they recouped), contract by contract in a fixed order. Every contract of a
 * group is written under its version, so two statements recouping the same group never both win. A
 * correction gives back first what the statement it replaces recouped (`givenBack`, by contract), so
 * the months it states again are recouped once.
 */
export function planRecoupment(
  positions: readonly RecoupmentPosition[],
  earned: ReadonlyMap<string, string>,
  givenBack: ReadonlyMap<string, Money> = new Map(),
): { rows: RecoupmentRow[]; writes: RecoupmentWrite[] } {
  const pools = new Map<string, RecoupmentPosition[]>();
  for (const p of [...positions].sort((a, b) => a.contract_id.localeCompare(b.contract_id))) {
    const key = p.group === undefined ? `contract:${p.contract_id}` : `group:${p.group}`;
    pools.set(key, [...(pools.get(key) ?? []), p]);
  }
  const rows: RecoupmentRow[] = [];
  const writes: RecoupmentWrite[] = [];
  for (const members of pools.values()) {
    if (!members.some((m) => earned.has(m.contract_id) || givenBack.has(m.contract_id))) continue;
    const before = new Map(
      members.map((m) => [m.contract_id, atLeastZero(new Big(m.recouped).minus(givenBack.get(m.contract_id) ?? 0))]),
    );
    const toRecoup = members.reduce((t, m) => t.plus(m.to_recoup), ZERO);
    const recoupedBefore = [...before.values()].reduce((t, v) => t.plus(v), ZERO);
    const opening = unrecouped(money(toRecoup), money(recoupedBefore));
    let balance = opening;
    const taken = members.map((m) => {
      const step = recoupFrom(balance, earned.get(m.contract_id) ?? '0');
      balance = step.closing;
      return { contract_id: m.contract_id, recouped: step.recouped };
    });
    if (new Big(opening).eq(0) && !members.some((m) => givenBack.has(m.contract_id))) continue;
    const grouped = members[0]?.group !== undefined;
    rows.push({
      contract_id: grouped ? `group:${members[0]?.group}` : (members[0]?.contract_id ?? ''),
      name: grouped ? `Cross-collateralised contracts: ${members[0]?.group}` : (members[0]?.name ?? ''),
      opening,
      recouped: totalRecouped(taken),
      closing: balance,
      ...(grouped ? { members: taken } : {}),
    });
    for (const [i, m] of members.entries())
      writes.push({
        contract_id: m.contract_id,
        recouped: money((before.get(m.contract_id) ?? ZERO).plus(taken[i]?.recouped ?? 0)),
        version: m.version,
      });
  }
  return { rows, writes };
}

/** What a statement recouped, by contract (a group's row by its contracts): what a correction gives back. */
export function recoupedByContract(rows: readonly RecoupmentRow[]): Map<string, Money> {
  return new Map(rows.flatMap((r) => (r.members ?? [r]).map((m) => [m.contract_id, m.recouped] as const)));
}

/** Σ recouped on a statement, positive. */
export const totalRecouped = (rows: readonly Pick<RecoupmentStep, 'recouped'>[]): Money =>
  money(rows.reduce((t, r) => t.plus(r.recouped), ZERO));
