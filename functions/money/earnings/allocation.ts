import type { DuckDBConnection } from '@duckdb/node-api';
import { loadTable } from '../../royalties/ledger/duck-tables.js';
import { queryRows } from '../../royalties/ledger/query.js';
import { literal } from '../../royalties/ledger/sql.js';
import { unitsOf } from '../../royalties/ledger/units.js';
import {
  artistIdsOf,
  COVER_COLUMNS,
  type ContractIndex,
  contractIndex,
  coverOf,
  inForceWithin,
  type LineFacts,
} from './contract-cover.js';
import { type EscalationPlan, groupKey, planEscalations } from './escalation-plan.js';
import { dealerPrices } from './term-bases.js';
import { buildAllocation, formatClassSql, termSetId, type Allocation, type StatementCatalogue } from './weights.js';
import type { EarningsResult, EarningsScope } from './earnings.js';
import { timed } from '../../lib/step-timings.js';
import { type KeptAllocation, loadKept } from './kept-allocation.js';
import { PAYING_LINES, payingRows } from './paying-lines.js';

/**
 * The allocation in DuckDB (docs/statements.md). The scope's lines are summed
 * into groups of equal (recording, release, label, format, label share in millionths), each group
 * gets its weight set, and the largest-remainder split is computed once per distinct (weight set,
 * |units|) with window functions (sets with equal parties share one split): a share depends only on those two, so ten million lines need far
 * fewer splits than lines, and per-account sums are sums over groups. Temp tables, per connection:
 *   st_accounts, st_ws, st_parts, st_ws_artists, st_imports, st_scope_labels, st_held (loaded), st_formats, st_groups, st_split.
 */
export type LedgerSource = {
  connection: DuckDBConnection;
  /** The effective royalties (ledger/query.ts) and its bound parameters. */
  relation: string;
  params: Record<string, string>;
  workDir: string;
};

export type Prepared = LedgerSource & {
  scope: EarningsScope;
  catalogue: StatementCatalogue;
  allocation: Allocation;
  /** The scope's lines as a relation over `params` (which include the period's bounds). */
  lines: string;
  /** The scope's lines of held imports (left out of `lines`), over the same `params`. */
  held: string;
  /** A contract covers some lines: weight sets are chosen with st_cover (weightSetJoin). */
  contracts: boolean;
  /** Where escalations change a term's rate (escalation-plan.ts); null when no contract escalates. */
  escalation: EscalationPlan | null;
  /**
   * A statement run's computation (kept-allocation.ts): where its earnings and split are kept once computed, and the
   * earnings an earlier computation of the same inputs kept, if any. With those, `st_split` (and `st_cover`, and the
   * plan in `escalation`) are the kept ones and `st_groups` is not made: the earnings are all that is read from it.
   */
  kept?: { as: KeptAllocation; earnings?: EarningsResult };
};

/** Rows of a query over the prepared tables (and the scope's lines, with its parameters). */
export const rowsOf = (p: Prepared, sql: string) =>
  // DuckDB refuses parameters a statement does not use: only SQL over the lines takes them.
  queryRows(p.connection, sql, sql.includes(p.lines) || sql.includes(p.held) ? p.params : {});

/**
 * SQL joins giving a row of the scope's lines (alias `l`, with format class `f.cls`) its weight set
 * id `ws_id` and its split `sid`: the recording's set for the line's format class, else (no recording) the release's;
 * distribution statements: the label's.
 */
export function weightSetJoin(
  kind: EarningsScope['kind'],
  l = 'l',
  contracts = false,
): { joins: string; wsId: string; sid: string } {
  if (kind === 'distribution')
    return {
      joins: `LEFT JOIN st_ws kb ON kb.kind = 'label' AND kb.owner_id = ${l}.label_id`,
      wsId: 'kb.ws_id',
      sid: 'kb.sid',
    };
  const catalogue = {
    // Plain equalities, so DuckDB hash-joins (a condition on the line's own columns makes it a nested loop).
    joins: `LEFT JOIN st_ws kr ON kr.kind = 'recording' AND kr.owner_id = ${l}.recording_id AND kr.cls = f.cls
      LEFT JOIN st_ws kl ON kl.kind = 'release' AND kl.owner_id = ${l}.release_id`,
    wsId: `CASE WHEN ${l}.recording_id IS NULL THEN kl.ws_id ELSE kr.ws_id END`,
    sid: `CASE WHEN ${l}.recording_id IS NULL THEN kl.sid ELSE kr.sid END`,
  };
  if (!contracts) return catalogue;
  // A line a contract covers takes its term's set (st_cover); a covered line its term cannot pay
  // (a PPD term without a dealer price …) has none: no one is paid, never by today's rules.
  const on = coverJoin('kc', l);
  return {
    joins: `${catalogue.joins} LEFT JOIN st_cover kc ON ${on}`,
    wsId: `CASE WHEN kc.covered THEN kc.ws_id ELSE ${catalogue.wsId} END`,
    sid: `CASE WHEN kc.covered THEN kc.sid ELSE ${catalogue.sid} END`,
  };
}

/** SQL: a row of st_cover (alias `kc`) is the line's (alias `l`): the same cover columns. */
export const coverJoin = (kc: string, l: string) =>
  COVER_COLUMNS.map((c) => `${kc}.${c} IS NOT DISTINCT FROM ${l}.${c}`).join(' AND ');

/**
 * True when the company has a contract the engine can apply in some month of `within` (any month when not given):
 * lines then also group by the cover's columns. A period before every contract started (the late lines of an earlier
 * statement, a run of old months) is computed as if there were none, which covers no line either way.
 */
export const hasContracts = (
  catalogue: StatementCatalogue,
  within: Pick<EarningsScope, 'start_pay_period' | 'end_pay_period'> = { start_pay_period: '', end_pay_period: '' },
) => (catalogue.contracts ?? []).some((c) => inForceWithin(c, within.start_pay_period, within.end_pay_period));

/**
 * st_cover: each distinct line (by COVER_COLUMNS) that a contract covers, with its term's weight
 * set. Computed on the distinct lines, not per line, with the same `coverOf` rule everywhere.
 */
async function loadCover(p: Prepared, index: ContractIndex): Promise<void> {
  const sets = new Map(p.allocation.sets.filter((s) => s.kind === 'term').map((s) => [s.owner_id, s]));
  const facts = await rowsOf(
    p,
    `SELECT DISTINCT ${COVER_COLUMNS.map((c) => `l.${c}`).join(', ')}, f.cls FROM ${p.lines} l ${formatJoin('l')}`,
  );
  const rows = facts.flatMap((row) => {
    const cover = coverOf(index, row as unknown as LineFacts);
    if (!cover) return [];
    // An escalation may have changed the group's rate: the plan names its set.
    const owner =
      p.escalation?.owners.get(groupKey(row)) ?? termSetId(cover.contract.id, cover.version.version, cover.term_index);
    const set = sets.get(owner);
    // A term the group's sales cannot be paid under (no dealer price …) says why, and pays nobody.
    const problem = p.escalation?.problems.get(groupKey(row)) ?? null;
    return [
      {
        ...row,
        covered: true,
        ws_id: set?.ws_id ?? null,
        sid: set?.sid ?? null,
        problem,
        contract_id: cover.contract.id,
        term_index: cover.term_index,
      },
    ];
  });
  await loadTable(
    p.connection,
    p.workDir,
    'st_cover',
    {
      ...Object.fromEntries(COVER_COLUMNS.map((c) => [c, 'VARCHAR'])),
      covered: 'BOOLEAN',
      ws_id: 'INTEGER',
      sid: 'INTEGER',
      problem: 'VARCHAR',
      contract_id: 'VARCHAR',
      term_index: 'INTEGER',
    },
    rows as never,
  );
}

/** Which contract covers a line: the catalogue's contracts by subject, and the artists of its recordings and releases. */
function catalogueIndex(catalogue: StatementCatalogue): ContractIndex {
  return contractIndex(
    catalogue.contracts ?? [],
    new Map(catalogue.recordings.map((r) => [r.id, artistIdsOf(r.artist_recordings)])),
    new Map(catalogue.releases.map((r) => [r.id, artistIdsOf(r.artist_releases)])),
  );
}

/** The escalations' plan over every line of the period but held imports' (escalation-plan.ts). */
export function escalationPlan(
  source: Pick<LedgerSource, 'connection' | 'relation' | 'params'>,
  catalogue: StatementCatalogue,
  index: ContractIndex = catalogueIndex(catalogue),
  start = '',
  end = '',
): Promise<EscalationPlan | null> {
  const held = catalogue.imports.filter((i) => i.held).map((i) => i.id);
  return planEscalations(
    source.connection,
    { relation: source.relation, params: source.params, start, end, held },
    formatClassSql('sales_format', 'sales_category'),
    index,
    catalogue.contracts ?? [],
    dealerPrices(catalogue.releases),
  );
}

/** The format class join for a row of the scope's lines (alias `l`). */
export const formatJoin = (l = 'l') =>
  `JOIN st_formats f ON f.sales_format IS NOT DISTINCT FROM ${l}.sales_format AND f.sales_category IS NOT DISTINCT FROM ${l}.sales_category`;

/**
 * How far to prepare, and whose lines: reads that only need the weight sets (an artist's pay
 * periods) or the groups (unaccountable recordings) skip the rest; `artistId` keeps only the
 * lines of recordings and releases whose weights come from that artist.
 */
export type PrepareOptions = {
  stage?: 'weights' | 'groups' | 'split';
  artistId?: string;
  /**
   * Keeps only the lines that can pay this account (its key, accounts/account.ts; paying-lines.ts), for a reader of
   * that one account's share (a payee's finances page): a line's split depends only on its weight set (or contract
   * term) and its units, so the account's share of each line kept is what it is over the whole ledger.
   */
  paysAccount?: string;
  /**
   * Split a held import's lines too: what they will pay once accepted. Figures beside the ledger
   * (finances, the royalties list) show every line; statements leave held lines out.
   */
  withHeld?: boolean;
  /** A further condition on the lines (the royalties list's filter) and its parameters. */
  where?: { sql: string; params: Record<string, string> };
  /**
   * The escalations' plan when the caller computed it over the whole ledger itself (its `source`
   * being already narrowed); else it is computed here over the period's lines, whatever `where` keeps.
   */
  escalation?: EscalationPlan | null;
  /** Keep the earnings and split for the next computation of the same inputs, or load them (kept-allocation.ts). */
  keep?: KeptAllocation;
};

/** Loads the catalogue's weight sets and accounts, and sums and splits the scope's lines. */
export async function prepareAllocation(
  source: LedgerSource,
  catalogue: StatementCatalogue,
  scope: EarningsScope,
  { stage = 'split', artistId, paysAccount, withHeld = false, where, escalation, keep }: PrepareOptions = {},
): Promise<Prepared> {
  const { connection, workDir } = source;
  const contracts = scope.kind === 'payee' && hasContracts(catalogue, scope);
  const index = contracts ? catalogueIndex(catalogue) : null;
  // A run's publish step after its preview, the inputs unchanged: the preview's split, earnings, plan and cover.
  const found =
    keep && stage === 'split' ? await timed('allocation.kept_load', () => loadKept(connection, keep)) : null;
  const load = (table: string, columns: Record<string, string>, rows: Record<string, unknown>[]) =>
    timed('allocation.load_tables', () => loadTable(connection, workDir, table, columns, rows as never));
  // One account's reader: the lines that can pay it, from the weight sets and contracts alone (an escalation's sets
  // pay the same payees for the same contracts), known before the plan so that the plan reads only those too.
  const unplanned = paysAccount
    ? await timed('allocation.build', async () => buildAllocation(catalogue, scope.kind, scope.accounts))
    : null;
  const paying = unplanned && paysAccount ? payingRows(unplanned, catalogue, paysAccount) : null;
  if (paying) await load('st_paying', { kind: 'VARCHAR', id: 'VARCHAR' }, paying);
  const plan = found
    ? found.plan
    : escalation !== undefined || !index
      ? (escalation ?? null)
      : await timed('allocation.escalations', () =>
          escalationPlan(
            // A contract's escalation counts only the lines it covers, all of which the account's lines hold when
            // the contract pays the account; the plans of contracts that do not pay it pay it nothing either way.
            paying ? { ...source, relation: `(SELECT * FROM ${source.relation} WHERE ${PAYING_LINES})` } : source,
            catalogue,
            index,
            scope.start_pay_period,
            scope.end_pay_period,
          ),
        );
  // Without escalated sets the allocation is the one the account's lines were found with.
  const allocation =
    unplanned && !plan?.sets.length
      ? unplanned
      : await timed('allocation.build', async () => buildAllocation(catalogue, scope.kind, scope.accounts, plan?.sets));
  await load('st_accounts', { acct_no: 'INTEGER', account_key: 'VARCHAR' }, allocation.accounts);
  await load(
    'st_ws',
    {
      ws_id: 'INTEGER',
      sid: 'INTEGER',
      kind: 'VARCHAR',
      owner_id: 'VARCHAR',
      cls: 'VARCHAR',
      over_total: 'VARCHAR',
      term: 'VARCHAR',
      contract_id: 'VARCHAR',
    },
    allocation.sets.map((s) => ({ ...s, term: s.term ?? null, contract_id: s.contract_id ?? null })),
  );
  await load(
    'st_parts',
    { sid: 'INTEGER', acct_no: 'INTEGER', num: 'HUGEINT', den: 'HUGEINT', weight: 'DECIMAL(10,6)' },
    allocation.parts.map((p) => ({ ...p, num: String(p.num), den: String(p.den) })),
  );
  await load(
    'st_ws_artists',
    { ws_id: 'INTEGER', artist_id: 'VARCHAR' },
    allocation.sets.flatMap((s) => s.artist_ids.map((artist_id) => ({ ws_id: s.ws_id, artist_id }))),
  );
  await load(
    'st_imports',
    { import_id: 'VARCHAR', source: 'VARCHAR', filename: 'VARCHAR', payment_date: 'VARCHAR' },
    catalogue.imports.map((i) => ({ ...i, import_id: i.id })),
  );
  await load(
    'st_scope_labels',
    { id: 'VARCHAR' },
    scope.label_ids.map((id) => ({ id })),
  );
  // Unmatched lines have no label: they stay in every label's scope (never silently dropped).
  const labelCondition = scope.label_ids.length
    ? 'AND (label_id IS NULL OR label_id IN (SELECT id FROM st_scope_labels))'
    : '';
  const artistOwners = (kind: string) =>
    `(SELECT w.owner_id FROM st_ws w JOIN st_ws_artists a USING (ws_id) WHERE w.kind = '${kind}' AND a.artist_id = ${literal(artistId ?? '')})`;
  const artistCondition = artistId
    ? `AND (recording_id IN ${artistOwners('recording')} OR (recording_id IS NULL AND release_id IN ${artistOwners('release')}))`
    : '';
  const accountCondition = paying ? `AND ${PAYING_LINES}` : '';
  await load(
    'st_held',
    { import_id: 'VARCHAR' },
    catalogue.imports.filter((i) => i.held).map((i) => ({ import_id: i.id })),
  );
  const scoped = `(SELECT * FROM ${source.relation}
    WHERE ($st_start = '' OR pay_period >= $st_start) AND ($st_end = '' OR pay_period <= $st_end) ${labelCondition} ${artistCondition} ${accountCondition}
      ${where ? `AND (${where.sql})` : ''})`;
  // A held import's lines (import/held.ts) are stated by nobody until a person accepts the import:
  // left out here, the one selection every figure is computed from, and listed as held instead.
  const lines = withHeld
    ? scoped
    : `(SELECT * FROM ${scoped} WHERE import_id IS NULL OR import_id NOT IN (SELECT import_id FROM st_held))`;
  const held = `(SELECT * FROM ${scoped} WHERE import_id IN (SELECT import_id FROM st_held))`;
  const prepared: Prepared = {
    ...source,
    held,
    params: { ...source.params, ...where?.params, st_start: scope.start_pay_period, st_end: scope.end_pay_period },
    scope,
    catalogue,
    allocation,
    lines,
    contracts,
    escalation: plan,
  };
  await timed('allocation.formats', () =>
    connection.run(
      `CREATE OR REPLACE TEMP TABLE st_formats AS SELECT sales_format, sales_category, ${formatClassSql('sales_format', 'sales_category')} AS cls
     FROM (SELECT DISTINCT sales_format, sales_category FROM ${lines})`,
      prepared.params,
    ),
  );
  if (index && !found) await timed('allocation.cover', () => loadCover(prepared, index));
  if (stage === 'weights') return prepared;
  // The groups are only read for the earnings, which are kept: the kept split and cover are all the rest reads.
  if (keep && found) return { ...prepared, kept: { as: keep, earnings: found.earnings } };
  const { joins, wsId, sid } = weightSetJoin(scope.kind, 'g', prepared.contracts);
  // With contracts, a line's set also follows its period, territory and store: the groups keep them apart, and keep
  // their format class (a contract's reserve is held on physical sales: preview-figures.ts).
  const coverColumns = prepared.contracts ? ', pay_period, territory, retailer' : '';
  const groups = () =>
    timed('allocation.groups', () =>
      connection.run(
        `CREATE OR REPLACE TEMP TABLE st_groups AS
     WITH g AS (
       SELECT recording_id, release_id, label_id, sales_format, sales_category${coverColumns}, ${unitsOf('label_payable')} AS u,
         count(*) AS lines, coalesce(sum(quantity), 0) AS quantity, sum(${unitsOf('aggregator_payable')}) AS agg_u
       FROM ${lines} GROUP BY ALL)
     SELECT g.recording_id, g.release_id, g.label_id, g.u, g.lines, g.quantity, g.agg_u, ${wsId} AS ws_id, ${sid} AS sid,
       ${prepared.contracts ? 'f.cls,' : ''}
       CASE WHEN ${wsId} IS NOT NULL THEN NULL WHEN g.recording_id IS NULL AND g.release_id IS NULL THEN 'unmatched'
         ${prepared.contracts ? "WHEN kc.covered THEN coalesce(kc.problem, 'term_not_applied')" : ''} ELSE 'no_payee' END AS reason
     FROM g ${formatJoin('g')} ${joins}`,
        prepared.params,
      ),
    );
  if (stage === 'groups') {
    await groups();
    return prepared;
  }
  await groups();
  await timed('allocation.split', () => splitDistinct(prepared));
  return keep ? { ...prepared, kept: { as: keep } } : prepared;
}

/**
 * The largest-remainder split of each distinct (split, |units|): each party gets
 * floor(units × num / den); the units left go one each to the largest remainders, ties to the
 * retained part (account 0) first, then by account number (= account key order). 64-bit
 * integers when the products fit, else 128-bit.
 */
export async function splitDistinct(p: Prepared): Promise<void> {
  const [{ max_u }] = await rowsOf(p, 'SELECT coalesce(max(abs(u)), 0) AS max_u FROM st_groups');
  const wide = BigInt(String(max_u)) * p.allocation.maxNum >= 2n ** 62n;
  const int = wide ? 'HUGEINT' : 'BIGINT';
  await p.connection.run(`CREATE OR REPLACE TEMP TABLE st_split AS
    WITH d AS (SELECT DISTINCT sid, abs(u) AS ua FROM st_groups WHERE sid IS NOT NULL),
    x AS (SELECT d.sid, d.ua, s.acct_no, s.weight, CAST(d.ua AS ${int}) * CAST(s.num AS ${int}) AS product, CAST(s.den AS ${int}) AS den
      FROM d JOIN st_parts s USING (sid)),
    f AS (SELECT sid, ua, acct_no, weight, product // den AS whole, product % den AS remainder FROM x)
    SELECT sid, ua, acct_no, weight, CAST(whole + CASE
        WHEN row_number() OVER (PARTITION BY sid, ua ORDER BY remainder DESC, acct_no) <= ua - sum(whole) OVER (PARTITION BY sid, ua)
        THEN 1 ELSE 0 END AS BIGINT) AS share
    FROM f`);
}
