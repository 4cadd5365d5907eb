import { statementCatalogue } from '../../data/access/statement-catalogue.js';
import { LISTS, readVersion } from '../../data/list-cache.js';
import { withEffectiveLedger } from '../../royalties/ledger/query.js';
import type { LedgerState } from '../../royalties/ledger/state.js';
import { literal } from '../../royalties/ledger/sql.js';
import { rollupCopy } from '../../royalties/ledger/rollup-files.js';
import { rm } from 'node:fs/promises';
import { makeWorkFolder } from '../../lib/work-folders.js';
import { COVER_COLUMNS } from './contract-cover.js';
import {
  escalationPlan,
  formatJoin,
  hasContracts,
  prepareAllocation,
  rowsOf,
  splitDistinct,
  weightSetJoin,
  type Prepared,
} from './allocation.js';
import type { EarningsScope } from './earnings.js';
import { unitsOf } from '../../royalties/ledger/units.js';
import { RETAINED } from './weights.js';

/**
 * How the label's share of each line divides, as the statements engine divides it: what the payees and
 * artists are owed (every account but the label's retained part), what the label keeps, and what
 * no one is entitled to (no recording payees, artists or release terms to pay it to). Every screen
 * that shows an artist or payee figure beside the ledger reads this, never the share the import
 * stored on the line, so the royalties list, the finances and the dashboards say what a statement
 * run would pay. The three always add up to the line's label share, unit for unit.
 */
export type SplitUnits = { payees: bigint; retained: bigint; unaccountable: bigint };

/** The whole ledger, every period, every label and account: what the list and finances see. */
const WHOLE: EarningsScope = { kind: 'payee', start_pay_period: '', end_pay_period: '', label_ids: [], accounts: [] };

/**
 * The columns of a line its weight set follows (with its format class); with contracts, also what
 * chooses the contract and its term (label, period, territory, store), so the grouping by weight set
 * includes the term.
 */
const keyColumns = (contracts: boolean): string[] =>
  contracts ? [...COVER_COLUMNS] : ['recording_id', 'release_id', 'sales_format', 'sales_category'];
const sameKey = (columns: string[]) => columns.map((c) => `r.${c} IS NOT DISTINCT FROM k.${c}`).join(' AND ');

/**
 * SQL: the rows withLineSplit prepared (`split_lines`: the columns its caller groups by, a label
 * share `u` in millionths, the weight set `ws_id` / split `sid`, and `n`, how many ledger lines the
 * row stands for) with `payees_u`, `retained_u` and `unaccountable_u`, in millionths. A line's split
 * depends only on its weight set and its units (allocation.ts), so n equal lines are owed exactly
 * n times one line's split: the same shares the preview's per-group sums give them.
 */
export function lineSplitSql(): string {
  return `WITH sh AS (SELECT sid, ua, sum(share) FILTER (WHERE acct_no <> ${RETAINED}) AS payees,
      sum(share) FILTER (WHERE acct_no = ${RETAINED}) AS kept FROM st_split GROUP BY ALL)
    SELECT a.* EXCLUDE (ws_id, sid, n, u),
      CAST(a.n AS HUGEINT) * CASE WHEN a.ws_id IS NULL THEN 0 ELSE sign(a.u) * coalesce(sh.payees, 0) END AS payees_u,
      CAST(a.n AS HUGEINT) * CASE WHEN a.ws_id IS NULL THEN 0 ELSE sign(a.u) * coalesce(sh.kept, 0) END AS retained_u,
      CAST(a.n AS HUGEINT) * CASE WHEN a.ws_id IS NULL THEN a.u ELSE 0 END AS unaccountable_u
    FROM split_lines a LEFT JOIN sh ON sh.sid = a.sid AND sh.ua = abs(a.u)`;
}

/** SQL sums of lineSplitSql's columns, as exact text of millionths. */
export const SPLIT_SUMS = `CAST(coalesce(sum(CAST(payees_u AS HUGEINT)), 0) AS VARCHAR) AS payees_u,
  CAST(coalesce(sum(CAST(retained_u AS HUGEINT)), 0) AS VARCHAR) AS retained_u,
  CAST(coalesce(sum(CAST(unaccountable_u AS HUGEINT)), 0) AS VARCHAR) AS unaccountable_u`;

export const splitOfRow = (row: Record<string, unknown>): SplitUnits => ({
  payees: BigInt(String(row.payees_u ?? 0)),
  retained: BigInt(String(row.retained_u ?? 0)),
  unaccountable: BigInt(String(row.unaccountable_u ?? 0)),
});

type Catalogue = Awaited<ReturnType<typeof statementCatalogue>>;

/**
 * The terms the split reads (recording payees, artists and their members, releases, payees) by the
 * versions of their lists: every catalogue write moves its list's version, so a figure held for the
 * old terms is never answered for the new ones. The catalogue itself is read only when no figure is
 * held for these versions yet.
 */
export type Terms = { fingerprint: string; catalogue: () => Promise<Catalogue> };

const TERMS_COLLECTIONS = ['recordings', 'releases', 'artists', 'payees', 'contracts'] as const;
/** The lists whose versions name the terms: an operation declares them so they come with the auth check. */
export const termsLists = (tenantId: string) => TERMS_COLLECTIONS.map((c) => LISTS.tenantCollection(c, tenantId));

// The latest terms read per company: a new version reads the catalogue once, shared by every caller.
const loaded = new Map<string, { fingerprint: string; catalogue: Promise<Catalogue> }>();
const MAX_COMPANIES = 50;

export async function currentTerms(tenantId: string, known: Record<string, string> = {}): Promise<Terms> {
  const versions = await Promise.all(termsLists(tenantId).map((list) => known[list] ?? readVersion(list)));
  const fingerprint = versions.join('|');
  const catalogue = () => {
    const held = loaded.get(tenantId);
    if (held?.fingerprint === fingerprint) return held.catalogue;
    if (loaded.size >= MAX_COMPANIES) {
      const oldest = loaded.keys().next().value;
      if (oldest !== undefined) loaded.delete(oldest);
    }
    const reading = statementCatalogue(tenantId);
    loaded.delete(tenantId);
    loaded.set(tenantId, { fingerprint, catalogue: reading });
    reading.catch(() => loaded.delete(tenantId));
    return reading;
  };
  return { fingerprint, catalogue };
}

/**
 * Runs `work` over the whole effective ledger (held imports included), split by the engine with
 * `terms`; `where` narrows the lines (the royalties list's filter), `columns` are the further
 * columns `work` groups by.
 *
 * The ledger is read once, into one row per distinct (those columns, recording, release, format,
 * label share) with its count of lines. Each distinct recording / release / format is given its
 * weight set once, and the engine splits each distinct (weight set, units) once: equal lines split
 * equally, so count × split is exact, and no step but the first reads every line (the engine's
 * own preparation read the whole ledger three times, joining the catalogue to every line).
 */
export async function withLineSplit<T>(
  tenantId: string,
  terms: Terms,
  work: (p: Prepared) => Promise<T>,
  {
    where,
    columns = [],
    state,
  }: {
    where?: { sql: string; params: Record<string, string> };
    columns?: readonly string[];
    /** That ledger state's lines rather than the current one's. */
    state?: LedgerState;
  } = {},
): Promise<T> {
  // Read beside the ledger, not before it: on a cold start each takes a noticeable part of the call.
  const reading = terms.catalogue();
  reading.catch(() => undefined);
  const workDir = await makeWorkFolder('split-');
  try {
    return await withEffectiveLedger(
      tenantId,
      async (connection, relation, params) => {
        const catalogue = await reading;
        const keys = keyColumns(hasContracts(catalogue));
        // Escalations count every line in order, whatever `where` keeps: planned over the whole ledger.
        const escalation = hasContracts(catalogue)
          ? await escalationPlan({ connection, relation, params }, catalogue)
          : null;
        const grouped = [...new Set([...columns, ...keys])];
        await connection.run(
          `CREATE OR REPLACE TEMP TABLE split_rows AS
         SELECT ${grouped.join(', ')}, ${unitsOf('label_payable')} AS u, count(*) AS n
         FROM ${relation} ${where ? `WHERE ${where.sql}` : ''} GROUP BY ALL`,
          { ...params, ...where?.params },
        );
        // The weight sets and the format classes only: the engine's own grouping would read every row again.
        const lines = grouped.includes('pay_period')
          ? 'split_rows'
          : '(SELECT *, CAST(NULL AS VARCHAR) AS pay_period FROM split_rows)';
        const p = await prepareAllocation({ connection, relation: lines, params: {}, workDir }, catalogue, WHOLE, {
          stage: 'weights',
          withHeld: true,
          escalation,
        });
        const { joins, wsId, sid } = weightSetJoin('payee', 'k', p.contracts);
        await connection.run(`CREATE OR REPLACE TEMP TABLE split_keys AS
        SELECT k.*, ${wsId} AS ws_id, ${sid} AS sid
        FROM (SELECT DISTINCT ${keys.join(', ')} FROM split_rows) k ${formatJoin('k')} ${joins}`);
        await connection.run(`CREATE OR REPLACE TEMP TABLE split_lines AS
        SELECT r.*, k.ws_id, k.sid FROM split_rows r JOIN split_keys k ON ${sameKey(keys)}`);
        await connection.run('CREATE OR REPLACE TEMP TABLE st_groups AS SELECT DISTINCT sid, u FROM split_lines');
        await splitDistinct(p);
        return work(p);
      },
      state,
    );
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

/** The split of the lines `where` selects, summed. */
export async function splitTotals(
  tenantId: string,
  terms: Terms,
  where: { sql: string; params: Record<string, string> },
  state?: LedgerState,
): Promise<SplitUnits> {
  return withLineSplit(
    tenantId,
    terms,
    async (p) => {
      const [row] = await rowsOf(p, `SELECT ${SPLIT_SUMS} FROM (${lineSplitSql()})`);
      return splitOfRow(row ?? {});
    },
    { where, state },
  );
}

/**
 * Writes the split of `state`'s whole effective ledger, summed by `columns`, to the Parquet file
 * `file` in the rollups' layout (sorted, small row groups: rollup-files.ts `rollupCopy`): one row per
 * combination, with the three parts in exact millionths (DECIMAL(38,0): Parquet has no 128-bit integer).
 * Any filter on those columns then sums its rows instead of splitting its lines again. Answers how many
 * rows it holds, and of how many lines.
 */
export async function writeSplitBy(
  tenantId: string,
  terms: Terms,
  state: LedgerState,
  columns: readonly string[],
  file: string,
): Promise<{ rows: number; lines: number }> {
  return withLineSplit(
    tenantId,
    terms,
    async (p) => {
      await p.connection.run(
        rollupCopy(
          `SELECT ${columns.join(', ')},
             CAST(sum(payees_u) AS DECIMAL(38,0)) AS payees_u, CAST(sum(retained_u) AS DECIMAL(38,0)) AS retained_u,
             CAST(sum(unaccountable_u) AS DECIMAL(38,0)) AS unaccountable_u
           FROM (${lineSplitSql()}) GROUP BY ALL`,
          columns,
          file,
        ),
      );
      const [row] = await rowsOf(
        p,
        `SELECT (SELECT count(*) FROM read_parquet(${literal(file)})) AS rows,
           (SELECT coalesce(sum(n), 0) FROM split_lines) AS lines`,
      );
      return { rows: Number(row?.rows ?? 0), lines: Number(row?.lines ?? 0) };
    },
    { columns, state },
  );
}
