import { getOrCreate } from '../../lib/get-or-create.js';
import { madeOnceFor } from '../../lib/made-once.js';
import { writeSplitBy, type SplitUnits, type Terms } from '../../money/index.js';
import { findOrWriteFile, foundFile, stillThere, worthKeeping } from '../ledger/cached-files.js';
import { withConnection } from '../ledger/duck.js';
import { filterCondition, type RoyaltyFilter } from '../ledger/filter.js';
import { queryRows } from '../ledger/query.js';
import { ROLLUP_DIMENSIONS, rollupable } from '../ledger/rollup-files.js';
import { heldRollupIndex, sumRollup } from '../ledger/rollup-index.js';
import { literal } from '../ledger/sql.js';
import type { LedgerState } from '../ledger/state.js';

/**
 * The split rollup: how the label share of a ledger state's every line divides under the current
 * terms (the statements engine's split), summed by the list's filter columns, one row per
 * combination. Splitting a filter's lines afresh reads every line of the ledger and prepares the
 * engine's weights each time (seconds at millions of lines, so a filter nobody opened before waited
 * for it); with this file its split is a sum over a few thousand rows, exact as before (the rows hold
 * whole millionths). It is written once per ledger state and terms, as a Parquet file in the local
 * disk cache named by both, so no import, edit or catalogue change is ever answered from an old one.
 *
 * Writing it reads the whole ledger once (about twice one filter's split: it keeps more columns apart).
 * The first list of a new state or new terms starts the write and splits its own lines as before; the
 * lists that come while it is written wait for that write instead of each reading the ledger beside it.
 */
const KIND = 'split-rollups';
/** Raise when the file's columns or layout change: files of an older layout are not read again. */
const LAYOUT = 2;

const made = new WeakMap<LedgerState, Map<string, Promise<string | null>>>();
/** Terms per ledger state kept apart (a catalogue edited often makes new terms): the newest few. */
const TERMS_PER_STATE = 4;

const nameOf = (state: LedgerState, terms: Terms) => [
  LAYOUT,
  state.imports,
  state.edits,
  state.rules,
  state.manual,
  terms.fingerprint,
];

/** Writes (or finds) the split rollup of this state and terms; the write is shared with lists asking meanwhile. */
export function writeSplitRollup(tenantId: string, state: LedgerState, terms: Terms): Promise<string | null> {
  const byTerms = getOrCreate(made, state, () => new Map<string, Promise<string | null>>());
  return madeOnceFor(
    byTerms,
    terms.fingerprint,
    () =>
      findOrWriteFile(KIND, tenantId, nameOf(state, terms), async (partial) => {
        const { rows, lines } = await writeSplitBy(tenantId, terms, state, ROLLUP_DIMENSIONS, partial);
        return worthKeeping(rows, lines);
      }),
    TERMS_PER_STATE,
  );
}

/**
 * The split rollup's file for this state and terms: found on disk, written by this process, or being
 * written (then waited for: one write of the whole ledger costs less than each request splitting its own
 * lines beside it). Undefined when nothing was there yet: the write starts, and this request splits its
 * own lines, so the first list of a new state costs what it did before. Null: not worth keeping.
 */
async function splitRollup(tenantId: string, state: LedgerState, terms: Terms): Promise<string | null | undefined> {
  const held = made.get(state)?.get(terms.fingerprint);
  if (held) {
    const file = await held;
    // Another process sharing the cache folder may have removed it as older than its own state.
    if (file === null || (await stillThere(file))) return file;
    made.get(state)?.delete(terms.fingerprint);
  }
  const found = await foundFile(KIND, tenantId, nameOf(state, terms));
  if (found !== undefined) return found;
  writeSplitRollup(tenantId, state, terms).catch(() => undefined);
  return undefined;
}

/** The split rollup's sums, in millionths: held in memory when the file is small enough (rollup-index.ts). */
const SPLIT_MEASURES = [
  { column: 'payees_u', scale: 0 },
  { column: 'retained_u', scale: 0 },
  { column: 'unaccountable_u', scale: 0 },
];

/**
 * The split of the lines `filter` selects, summed from the split rollup; undefined when the rollup
 * cannot answer (the filter reads other columns, the file was not there yet or not worth keeping): the
 * caller splits the lines themselves.
 */
export async function splitFromRollup(
  tenantId: string,
  state: LedgerState,
  terms: Terms,
  filter: RoyaltyFilter,
): Promise<SplitUnits | undefined> {
  if (!rollupable(filter)) return undefined;
  const file = await splitRollup(tenantId, state, terms);
  if (!file) return undefined;
  const index = heldRollupIndex(file, SPLIT_MEASURES);
  const [inMemory] = (index && sumRollup(index, filter)) ?? [];
  if (inMemory) {
    const units = (column: string) => inMemory.sums.get(column) ?? 0n;
    return { payees: units('payees_u'), retained: units('retained_u'), unaccountable: units('unaccountable_u') };
  }
  const where = filterCondition(filter);
  const [row] = await withConnection((connection) =>
    queryRows(
      connection,
      `SELECT CAST(coalesce(sum(payees_u), 0) AS VARCHAR) AS payees, CAST(coalesce(sum(retained_u), 0) AS VARCHAR) AS retained,
         CAST(coalesce(sum(unaccountable_u), 0) AS VARCHAR) AS unaccountable
       FROM read_parquet(${literal(file)}) WHERE ${where.sql}`,
      where.params,
    ),
  );
  return {
    payees: BigInt(String(row?.payees ?? 0)),
    retained: BigInt(String(row?.retained ?? 0)),
    unaccountable: BigInt(String(row?.unaccountable ?? 0)),
  };
}
