import Big from 'big.js';
import { getOrCreate } from '../lib/get-or-create.js';
import { aggregatesByPrefix } from '../data/access/royalty-ledger.js';
import type { AggregateSums } from '../data/entities/royalties.js';
import type { AggregateDimension } from '../royalties/ledger/aggregates.js';
import { upgradeStaleAggregates } from '../royalties/ledger/aggregate-upgrade.js';
import { ledgerState, type LedgerState } from '../royalties/ledger/state.js';
import { overlayDeltas } from './overlay-deltas.js';

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
  artist_payable: Big;
  aggregator_payable: Big;
};
/** pay period → dimension → value (null: lines without one) → sums. */
export type FinanceCube = Map<string, Map<AggregateDimension, Map<string | null, Sums>>>;

export const zeroSums = (): Sums => ({
  lines: 0,
  quantity: 0,
  amount: new Big(0),
  label_payable: new Big(0),
  artist_payable: new Big(0),
  aggregator_payable: new Big(0),
});

/** `into` plus `sums` (times `sign`), in place. */
export function addSums(into: Sums, sums: AggregateSums | Sums, sign: 1 | -1 = 1): Sums {
  into.lines += sign * Number(sums.lines);
  into.quantity += sign * Number(sums.quantity);
  into.amount = into.amount.plus(new Big(sums.amount).times(sign));
  into.label_payable = into.label_payable.plus(new Big(sums.label_payable).times(sign));
  into.artist_payable = into.artist_payable.plus(new Big(sums.artist_payable).times(sign));
  into.aggregator_payable = into.aggregator_payable.plus(new Big(sums.aggregator_payable).times(sign));
  return into;
}

/** Adds `sums` to the cube's cell (period, dimension, value). */
export function addToCube(
  cube: FinanceCube,
  period: string,
  dimension: AggregateDimension,
  value: string | null,
  sums: AggregateSums | Sums,
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

/** The tenant's cube for the ledger version the request's auth check read (`knownVersion`). */
export async function financeCube(tenantId: string, knownVersion?: string): Promise<FinanceCube> {
  const state = await ledgerState(tenantId, knownVersion);
  let cube = cubes.get(state);
  if (!cube) {
    cube = buildCube(tenantId, state);
    cubes.set(state, cube);
    cube.catch(() => cubes.delete(state));
  }
  return cube;
}
