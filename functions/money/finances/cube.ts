import { madeOnceFor } from '../../lib/made-once.js';
import Big from 'big.js';
import { getOrCreate } from '../../lib/get-or-create.js';
import { aggregatesByPrefix } from '../../data/access/royalty-ledger.js';
import type { AggregateSums } from '../../data/entities/royalties.js';
import type { AggregateDimension } from '../../royalties/ledger/aggregates.js';
import { upgradeStaleAggregates } from '../../royalties/ledger/aggregate-upgrade.js';
import { ledgerState, type LedgerState } from '../../royalties/ledger/state.js';
import { currentTerms, type Terms } from '../earnings/line-split.js';
import { exactFromUnits } from '../../royalties/ledger/units.js';
import { overlayDeltas } from './overlay-deltas.js';
import { splitCells, splitCube, type SplitCube } from './split-cube.js';

/**
 * A tenant's royalties summed from the ledger's aggregates (functions/royalties/ledger/aggregates.ts),
 * never from its lines: every finished import's aggregate items added up by pay period, dimension
 * and value, plus what the overlays change (manual sales, edited and deleted lines: overlay-deltas.ts).
 * Built once per ledger state (the version the auth check reads) and held in memory, so a
 * finances call is arithmetic over a few thousand sums.
 */
export type Sums = {
  lines: number;
  quantity: number;
  amount: Big;
  label_payable: Big;
  aggregator_payable: Big;
  /**
   * How the label share divides by the statements engine (split-cube.ts): owed to payees and
   * artists, kept by the label, and no one entitled. The share an import stored on each line is
   * not read: it was computed with the terms of the day and never followed them.
   */
  payees: Big;
  retained: Big;
  unaccountable: Big;
};
/** pay period → dimension → value (null: lines without one) → sums. */
export type FinanceCube = Map<string, Map<AggregateDimension, Map<string | null, Sums>>>;

export const zeroSums = (): Sums => ({
  lines: 0,
  quantity: 0,
  amount: new Big(0),
  label_payable: new Big(0),
  aggregator_payable: new Big(0),
  payees: new Big(0),
  retained: new Big(0),
  unaccountable: new Big(0),
});

/** The ledger's own figures of a line or aggregate (its facts) and, for the cube's own sums, the split. */
type Addable = Omit<AggregateSums, 'artist_payable' | 'amount_original'> &
  Partial<Pick<Sums, 'payees' | 'retained' | 'unaccountable'>>;

/** `into` plus `sums` (times `sign`), in place. */
export function addSums(into: Sums, sums: Addable | Sums, sign: 1 | -1 = 1): Sums {
  into.lines += sign * Number(sums.lines);
  into.quantity += sign * Number(sums.quantity);
  into.amount = into.amount.plus(new Big(sums.amount).times(sign));
  into.label_payable = into.label_payable.plus(new Big(sums.label_payable).times(sign));
  into.aggregator_payable = into.aggregator_payable.plus(new Big(sums.aggregator_payable).times(sign));
  if ('payees' in sums && sums.payees) {
    into.payees = into.payees.plus(new Big(sums.payees).times(sign));
    into.retained = into.retained.plus(new Big(sums.retained ?? 0).times(sign));
    into.unaccountable = into.unaccountable.plus(new Big(sums.unaccountable ?? 0).times(sign));
  }
  return into;
}

/** Adds `sums` to the cube's cell (period, dimension, value). */
export function addToCube(
  cube: FinanceCube,
  period: string,
  dimension: AggregateDimension,
  value: string | null,
  sums: Addable | Sums,
  sign: 1 | -1 = 1,
): void {
  const dimensions = getOrCreate(cube, period, () => new Map());
  const values = getOrCreate(dimensions, dimension, () => new Map());
  const cell = getOrCreate(values, value, zeroSums);
  addSums(cell, sums, sign);
}

async function buildCube(tenantId: string, state: LedgerState): Promise<FinanceCube> {
  const cube: FinanceCube = new Map();
  // Imports an older rollup wrote get the cross dimensions first (aggregate-upgrade.ts).
  await upgradeStaleAggregates(tenantId, state);
  // Every item of every finished import: a few dozen per import and pay period, whatever its lines.
  const items = await Promise.all(state.imports.map((entry) => aggregatesByPrefix(tenantId, entry.importId, '')));
  for (const item of items.flat()) {
    // The key is {pay_period}#{dimension}#{chunk}.
    const [period, name] = item.key.split('#');
    const dimension = name as AggregateDimension;
    if (item.none) addToCube(cube, period, dimension, null, item.none);
    for (const [value, sums] of Object.entries(item.values ?? {})) addToCube(cube, period, dimension, value, sums);
  }
  for (const delta of await overlayDeltas(tenantId, state))
    addToCube(cube, delta.pay_period, delta.dimension, delta.value, delta.sums, delta.sign);
  return cube;
}

// One cube per ledger state object: ledgerState answers the same object while the version holds.
const cubes = new WeakMap<LedgerState, Promise<FinanceCube>>();

function factsCube(tenantId: string, state: LedgerState): Promise<FinanceCube> {
  return madeOnceFor(cubes, state, () => buildCube(tenantId, state));
}

/** A copy of the facts' cube with each cell's split (split-cube.ts) put in. */
function withSplit(facts: FinanceCube, split: SplitCube): FinanceCube {
  const cube: FinanceCube = new Map();
  for (const [period, dimensions] of facts)
    for (const [dimension, values] of dimensions)
      for (const [value, sums] of values) addToCube(cube, period, dimension, value, sums);
  for (const [period, dimension, value, units] of splitCells(split)) {
    const cell = getOrCreate(
      getOrCreate(
        getOrCreate(cube, period, () => new Map()),
        dimension,
        () => new Map(),
      ),
      value,
      zeroSums,
    );
    cell.payees = cell.payees.plus(exactFromUnits(units.payees));
    cell.retained = cell.retained.plus(exactFromUnits(units.retained));
    cell.unaccountable = cell.unaccountable.plus(exactFromUnits(units.unaccountable));
  }
  return cube;
}

// Per ledger state, one merged cube per terms fingerprint (the latest few: terms only move forward).
const merged = new WeakMap<LedgerState, Map<string, Promise<FinanceCube>>>();
const TERMS_PER_STATE = 4;

/**
 * The tenant's cube for the ledger version the request's auth check read (`knownVersion`): the
 * ledger's facts from the aggregates, and how each cell's label share divides by the current terms.
 */
export async function financeCube(tenantId: string, knownVersion?: string, known?: Terms): Promise<FinanceCube> {
  const [state, terms] = await Promise.all([ledgerState(tenantId, knownVersion), known ?? currentTerms(tenantId)]);
  const byTerms = getOrCreate(merged, state, () => new Map<string, Promise<FinanceCube>>());
  return madeOnceFor(
    byTerms,
    terms.fingerprint,
    () =>
      Promise.all([factsCube(tenantId, state), splitCube(tenantId, terms)]).then(([facts, split]) =>
        withSplit(facts, split),
      ),
    TERMS_PER_STATE,
  );
}
