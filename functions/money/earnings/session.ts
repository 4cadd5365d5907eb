import { rm } from 'node:fs/promises';
import { statementCatalogue } from '../../data/access/statement-catalogue.js';
import { withEffectiveLedger } from '../../royalties/ledger/query.js';
import { ledgerState } from '../../royalties/ledger/state.js';
import { prepareAllocation, type PrepareOptions, type Prepared } from './allocation.js';
import { keptAllocation, keptAnswer } from './kept-allocation.js';
import type { EarningsScope } from './earnings.js';
import type { StatementCatalogue } from './weights.js';
import { makeWorkFolder } from '../../lib/work-folders.js';
import { timed } from '../../lib/step-timings.js';

/**
 * How a computation is asked for: the preparation's options, and `keep` to keep its earnings and split for the next
 * computation of the same ledger state, catalogue, scope and options, or to load those kept by the last one
 * (kept-allocation.ts). A statement run's preview and its publish step keep theirs; a reader computing
 * another scope (an artist's figures) does not, so it never costs the run's files their place.
 *
 * `answerKeptAs` is for readers that ask the same question again and again (the late lines' notice on the
 * dashboard): the work's answer is kept under that name, as a small file named by the same inputs, and given again
 * without opening the ledger while they are unchanged. The answer must come back the same from JSON.
 */
export type AllocationOptions = Omit<PrepareOptions, 'keep'> & {
  keep?: boolean;
  answerKeptAs?: string;
  /** The catalogue when the caller already read it for several computations (one per stated period); else read here. */
  catalogue?: StatementCatalogue;
};

/**
 * One computation over a tenant's effective ledger: the catalogue read from DynamoDB once, the
 * allocation prepared on one DuckDB connection (its temp tables go with the connection), and a
 * scratch folder for the tables' load files, removed afterwards.
 */
export async function withAllocation<T>(
  tenantId: string,
  scope: EarningsScope,
  work: (prepared: Prepared) => Promise<T>,
  { keep = false, answerKeptAs, catalogue: given, ...options }: AllocationOptions = {},
  /** The catalogue as a caller wants it computed: a contract's preview puts its unsaved contract in. */
  adjust: (catalogue: StatementCatalogue) => StatementCatalogue = (catalogue) => catalogue,
): Promise<T> {
  const catalogue = adjust(given ?? (await timed('allocation.catalogue', () => statementCatalogue(tenantId))));
  // Read once here, so the lines computed over and the kept files' names are of the same state.
  const state = await ledgerState(tenantId);
  const { imports, edits, rules, manual } = state;
  const kept =
    keep || answerKeptAs
      ? keptAllocation(tenantId, { ledger: { imports, edits, rules, manual }, catalogue, scope, options })
      : undefined;
  const compute = async () => {
    const workDir = await makeWorkFolder('statements-');
    try {
      return await withEffectiveLedger(
        tenantId,
        async (connection, relation, params) =>
          work(
            await timed('allocation.prepare', () =>
              prepareAllocation({ connection, relation, params, workDir }, catalogue, scope, {
                ...options,
                keep: keep ? kept : undefined,
              }),
            ),
          ),
        state,
      );
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  };
  return answerKeptAs && kept ? keptAnswer(kept, answerKeptAs, compute) : compute();
}
