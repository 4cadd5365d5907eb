import { ENV } from '../../../infra/resources.js';
import type { AccountRef } from '../../../shared/schemas/statement-views.js';
import { requireEnv } from '../../lib/clients.js';

/**
 * The statements' key layout in the ledger bucket, the one place that writes or reads it. Every
 * key is built from ids the server made (tenant, run, statement, account) — never from what a
 * user typed — and lives under the tenant's own prefix:
 *
 * - `statements/{tenant}/runs/{run}/`: what a run's publish step writes once for the account
 *   steps: `manifest.json` (the accounts), `accounts/{account}.json` (each account's earnings and
 *   material) and `accounts/{account}.csv` (its lines); `preview.json` holds a preview's rows.
 * - `statements/{tenant}/{statement}.pdf` and `.csv`: a published statement's documents.
 * - `statements/{tenant}/downloads/{id}.zip`: a bulk download, fetched through a presigned URL.
 *
 * The bucket notifies the import queue for `drop/` only, so nothing here starts an import.
 */
const PREFIX = 'statements/';

/** The bucket statements keep their objects in (read and written through lib/bucket-objects.ts). */
export const statementsBucket = () => requireEnv(ENV.ledgerBucket);

const tenantPrefix = (tenantId: string) => `${PREFIX}${tenantId}/`;
const runPrefix = (tenantId: string, runId: string) => `${tenantPrefix(tenantId)}runs/${runId}/`;
/** An account in a key: `Payee-01J…` (ids are the server's own, so no escaping is needed beyond the separator). */
const accountPart = (account: AccountRef) => `${account.type}-${account.id.replace(/[^\w-]/g, '_')}`;

export const runKeys = {
  manifest: (tenantId: string, runId: string) => `${runPrefix(tenantId, runId)}manifest.json`,
  preview: (tenantId: string, runId: string) => `${runPrefix(tenantId, runId)}preview.json`,
  account: (tenantId: string, runId: string, account: AccountRef) =>
    `${runPrefix(tenantId, runId)}accounts/${accountPart(account)}.json`,
  /** Where runs published before the CSV went straight to the statement's own key kept it (documents.ts reads it). */
  accountCsv: (tenantId: string, runId: string, account: AccountRef) =>
    `${runPrefix(tenantId, runId)}accounts/${accountPart(account)}.csv`,
  /** Every account's record and CSV: the account steps' input, deleted once the run is published. */
  accounts: (tenantId: string, runId: string) => `${runPrefix(tenantId, runId)}accounts/`,
};

/** A statement's CSV is served as UTF-8 text (its names and titles are in any script). */
export const STATEMENT_CSV_TYPE = 'text/csv; charset=utf-8';

export const statementKeys = {
  pdf: (tenantId: string, statementId: string) => `${tenantPrefix(tenantId)}${statementId}.pdf`,
  csv: (tenantId: string, statementId: string) => `${tenantPrefix(tenantId)}${statementId}.csv`,
  download: (tenantId: string, downloadId: string) => `${tenantPrefix(tenantId)}downloads/${downloadId}.zip`,
};
