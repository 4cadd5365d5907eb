import { ENV } from '../../../../infra/resources.js';
import { listImports } from '../../../data/access/royalty-imports.js';
import { requireEnv } from '../../../lib/clients.js';
import type { RoyaltyFilter } from '../filter.js';
import { ledgerState, type LedgerState } from '../state.js';
import { portablePage } from './portable-page.js';
import { distributedLines, ledgerEngine } from './choose.js';
import { PORTABLE_SORT_FIELDS, type PortableFilter, type PortableSort } from './portable-sql.js';

/** The list filters the portable SQL answers; any other sends the list to the company ledger path. */
const PORTABLE_FILTERS = new Set(['q', 'by_retailer', 'by_artist', 'by_label', 'import_id', 'start_date', 'end_date']);

type ListRequest = { filter: RoyaltyFilter; sort: { field: string; direction: 'asc' | 'desc' } };

/**
 * Whether a company's list goes to the distributed engine: only in AWS (an Athena workgroup is set),
 * only for a ledger above the configured size (LEDGER_DISTRIBUTED_LINES), and only when the portable
 * query gives the same answer as the company path: no overlays (edits, manual sales, paid states live
 * in DynamoDB, not in the Parquet files), filters and sort the portable SQL has.
 */
export function routesToEngine(
  request: ListRequest,
  ledger: { lines: number; overlays: number },
  env: NodeJS.ProcessEnv = process.env,
): boolean {
  if (!env[ENV.athenaWorkgroup] || ledger.lines <= distributedLines(env) || ledger.overlays) return false;
  const filters = Object.entries(request.filter).filter(([, value]) => value !== undefined && value !== '');
  return (
    filters.every(([name]) => PORTABLE_FILTERS.has(name)) &&
    (PORTABLE_SORT_FIELDS as readonly string[]).includes(request.sort.field)
  );
}

/** Stored lines per ledger state (the state changes whenever an import finishes or goes). */
const linesByState = new WeakMap<LedgerState, Promise<number>>();
function storedLines(tenantId: string, state: LedgerState): Promise<number> {
  let lines = linesByState.get(state);
  if (!lines) {
    lines = listImports(tenantId).then((items) =>
      items.filter((i) => i.status === 'done').reduce((sum, i) => sum + (i.totals?.stored ?? 0), 0),
    );
    linesByState.set(state, lines);
  }
  return lines;
}

/**
 * A company's royalties list through the engine seam when `routesToEngine` says so, else null (the
 * caller answers from the company ledger, ledger/query.ts). The answer carries the list's page, counts
 * and sums; the chart's periods and the filter menus stay empty (docs/ledger.md).
 */
export async function largeLedgerList(
  tenantId: string,
  request: ListRequest & { page: number; per_page: number },
  knownVersion?: string,
) {
  if (!process.env[ENV.athenaWorkgroup]) return null;
  const state = await ledgerState(tenantId, knownVersion);
  const overlays = state.edits.length + state.manual.length + state.rules.length;
  if (!routesToEngine(request, { lines: await storedLines(tenantId, state), overlays })) return null;
  const scope = {
    bucket: requireEnv(ENV.ledgerBucket),
    companies: [{ tenantId, imports: state.imports.map(({ importId, keys }) => ({ importId, keys })) }],
  };
  const answer = await portablePage(
    ledgerEngine(),
    scope,
    request.filter as PortableFilter,
    request.sort as PortableSort,
    request.page,
    request.per_page,
  );
  const sum = (name: string) => answer.sums[name] ?? '0.000000';
  return {
    royalties: answer.royalties,
    total_count: answer.total_count,
    total_pages: answer.total_pages,
    page: request.page,
    per_page: request.per_page,
    total_sum: sum('amount'),
    label_sum: sum('label_payable'),
    aggregator_sum: sum('aggregator_payable'),
    pay_periods: [],
    label_names: [],
    retailers: [],
    artists: [],
    albums: [],
    engine: 'athena',
  };
}
