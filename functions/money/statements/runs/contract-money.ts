import Big from 'big.js';
import {
  planRecoupment,
  type RecoupmentPosition,
  type RecoupmentRow,
  type RecoupmentWrite,
  totalRecouped,
} from '../../../../shared/contract-recoupment.js';
import {
  type HeldReserve,
  planReserves,
  type ReserveRow,
  reservesMovement,
} from '../../../../shared/contract-reserves.js';
import type { StatedPeriodsRead } from '../../../data/access/statements.js';
import type { StatedPeriod } from '../../../data/entities/stated-periods.js';
import type { ContractEarning } from '../../earnings/earnings.js';
import type { StatementItem, StatementRunItem } from '../../../data/entities/statements.js';
import type { AccountRecord } from './statement-item.js';

/**
 * What contracts do to a statement beyond its royalties: the reserves held on its physical sales and
 * released from earlier statements, then the recoupment of each contract's advance and costs from
 * what the payee earned under it (less what was held, plus what was released). Read on every
 * attempt to publish: the recoupment positions are written by the publishing transaction on
 * condition that they did not move, and the reserves come from the previous statement in force,
 * which the account's stated-periods guard keeps from changing under the write.
 */
export type ContractMoney = {
  /** What the statement shows, per contract or cross-collateralised group. */
  recoupment: RecoupmentRow[];
  /** What its publishing write moves, per contract. */
  writes: RecoupmentWrite[];
  reserves: ReserveRow[];
  /** The reserves not fully released yet, carried to the account's next statement. */
  outstanding: HeldReserve[];
  /** For the statement's figures; absent when no contract recouped or reserved anything (figures as they always were). */
  figures?: { recouped: string; unrecouped: string; reserves: string };
};

export type ContractMoneyDeps = {
  getStatement(tenantId: string, statementId: string): Promise<StatementItem | null>;
  readRecoupment(tenantId: string, contractIds: readonly string[], period: string): Promise<RecoupmentPosition[]>;
};

/** A correction gives back what the statement it replaces recouped (so its months recoup once). */
export type GivenBack = { replacesId: string; recouped: Map<string, string> };

const NONE: ContractMoney = { recoupment: [], writes: [], reserves: [], outstanding: [] };

/**
 * The account's statement in force just before the run's months (a correction's own replaced one excluded), among the
 * periods its statements in force state: the one whose reserves not yet released the statement carries.
 */
export function previousStatedId(
  run: Pick<StatementRunItem, 'start_pay_period'>,
  periods: readonly Pick<StatedPeriod, 'statement_id' | 'end_pay_period'>[],
  correction: Pick<GivenBack, 'replacesId'> | undefined,
): string | undefined {
  return periods
    .filter((p) => p.statement_id !== correction?.replacesId && p.end_pay_period < run.start_pay_period)
    .sort((a, b) => a.end_pay_period.localeCompare(b.end_pay_period))
    .pop()?.statement_id;
}

/** The account's statement in force just before the run's months, read. */
async function previousStatement(
  run: StatementRunItem,
  stated: StatedPeriodsRead,
  correction: GivenBack | undefined,
  deps: ContractMoneyDeps,
): Promise<StatementItem | null> {
  const before = previousStatedId(run, stated.periods, correction);
  return before ? deps.getStatement(run.tenantId, before) : null;
}

/**
 * An escalating contract's sales in the statement's months join what it stated before, in the write
 * that publishes the statement (under the contract's version, like its recoupment). Every payee's
 * statement states the same months with the same figures, so only the first one writes them; a
 * correction or a run computed again writes the same months over, never on top.
 */
function withStatedSales(
  writes: RecoupmentWrite[],
  positions: readonly RecoupmentPosition[],
  earnings: readonly ContractEarning[],
): void {
  for (const earning of earnings) {
    const position = positions.find((p) => p.contract_id === earning.contract_id);
    if (!earning.positions?.length || !position) continue;
    const known = position.stated ?? {};
    const changed = earning.positions.some(
      (p) => known[p.period]?.units !== p.units || known[p.period]?.revenue !== p.revenue,
    );
    if (!changed) continue;
    const stated = { ...known };
    for (const { period, units, revenue } of earning.positions) stated[period] = { units, revenue };
    const write = writes.find((w) => w.contract_id === earning.contract_id);
    if (write) write.stated = stated;
    else
      writes.push({
        contract_id: position.contract_id,
        recouped: position.recouped,
        version: position.version,
        stated,
      });
  }
}

/**
 * The contracts a statement's money concerns: those its account earned under, those whose reserves it carries from the
 * previous statement, and those a correction gives back to. None: contracts do nothing to it.
 */
export function contractIdsOf(
  earnings: readonly ContractEarning[],
  carried: readonly HeldReserve[],
  correction: Pick<GivenBack, 'recouped'> | undefined,
): string[] {
  return [
    ...new Set([
      ...earnings.map((e) => e.contract_id),
      ...carried.map((r) => r.contract_id),
      ...(correction?.recouped.keys() ?? []),
    ]),
  ];
}

/**
 * What contracts do to a statement, from what they read: the account's earnings under each contract, the reserves it
 * carries, and the positions of its contracts (contractIdsOf's, with their groups'). Pure: the publish step plans each
 * statement with it just before its write, and the run's preview each account's figures (preview-contracts.ts).
 */
export function planContractMoney(
  earnings: readonly ContractEarning[],
  carried: readonly HeldReserve[],
  positions: readonly RecoupmentPosition[],
  correction: GivenBack | undefined,
): ContractMoney {
  const ids = contractIdsOf(earnings, carried, correction);
  if (!ids.length) return NONE;
  const earned = new Map(earnings.map((e) => [e.contract_id, e]));
  const reserves = planReserves(
    carried,
    positions.flatMap((p) =>
      p.reserve && earned.has(p.contract_id)
        ? [
            {
              contract_id: p.contract_id,
              name: p.name,
              percent: p.reserve.percent,
              release_periods: p.reserve.release_periods,
            },
          ]
        : [],
    ),
    new Map(earnings.map((e) => [e.contract_id, e.physical ?? '0'])),
  );
  // What recoups: the earnings under the contract, less the reserve held, plus the reserves released.
  const recoupable = new Map<string, string>();
  for (const id of ids) {
    const row = reserves.rows.find((r) => r.contract_id === id);
    const amount = new Big(earned.get(id)?.earned ?? 0).minus(row?.held ?? 0).plus(row?.released ?? 0);
    recoupable.set(id, amount.toFixed(6));
  }
  const { rows: recoupment, writes } = planRecoupment(positions, recoupable, correction?.recouped);
  withStatedSales(writes, positions, earnings);
  const rows = reserves.rows.filter((r) => new Big(r.held).gt(0) || new Big(r.released).gt(0));
  if (!recoupment.length && !rows.length) return { ...NONE, writes, outstanding: reserves.outstanding };
  return {
    recoupment,
    writes,
    reserves: rows,
    outstanding: reserves.outstanding,
    figures: {
      recouped: totalRecouped(recoupment),
      unrecouped: recoupment.reduce((t, r) => t.plus(r.closing), new Big(0)).toFixed(2),
      reserves: reservesMovement(rows),
    },
  };
}

/** The account's contract money as its publication plans it: read (the previous statement, the positions), then planned. */
export async function contractMoneyOf(
  run: StatementRunItem,
  record: AccountRecord,
  stated: StatedPeriodsRead,
  correction: GivenBack | undefined,
  deps: ContractMoneyDeps,
): Promise<ContractMoney> {
  const earnings = record.contract_earnings ?? [];
  const previous = stated.periods.length ? await previousStatement(run, stated, correction, deps) : null;
  const carried = previous?.reserves_outstanding ?? [];
  const ids = contractIdsOf(earnings, carried, correction);
  if (!ids.length) return NONE;
  const positions = await deps.readRecoupment(run.tenantId, ids, run.end_pay_period);
  return planContractMoney(earnings, carried, positions, correction);
}
