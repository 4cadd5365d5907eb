import { rm } from 'node:fs/promises';
import { statementCatalogue } from '../../data/access/statement-catalogue.js';
import { withEffectiveLedger } from '../../royalties/ledger/query.js';
import { prepareAllocation, type PrepareOptions, type Prepared } from './allocation.js';
import type { EarningsScope } from './earnings.js';
import type { StatementCatalogue } from './weights.js';
import { makeWorkFolder } from '../../lib/work-folders.js';
import { timed } from '../../lib/step-timings.js';

/**
 * One computation over a tenant's effective ledger: the catalogue read from DynamoDB once, the
 * allocation prepared on one DuckDB connection (its temp tables go with the connection), and a
 * scratch folder for the tables' load files, removed afterwards.
 */
export async function withAllocation<T>(
  tenantId: string,
  scope: EarningsScope,
  work: (prepared: Prepared) => Promise<T>,
  options: PrepareOptions = {},
  /** The catalogue as a caller wants it computed: a contract's preview puts its unsaved contract in. */
  adjust: (catalogue: StatementCatalogue) => StatementCatalogue = (catalogue) => catalogue,
): Promise<T> {
  const catalogue = adjust(await timed('allocation.catalogue', () => statementCatalogue(tenantId)));
  const workDir = await makeWorkFolder('statements-');
  try {
    return await withEffectiveLedger(tenantId, async (connection, relation, params) =>
      work(
        await timed('allocation.prepare', () =>
          prepareAllocation({ connection, relation, params, workDir }, catalogue, scope, options),
        ),
      ),
    );
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
