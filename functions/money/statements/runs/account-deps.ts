import {
  claimStatementDocuments,
  completeStatement,
  getRun,
  getRunAndStatement,
  getStatement,
  publishStatement,
  settleRecoupment,
  readSequence,
  readStatedPeriods,
  recordRunSkip,
  releaseStatementDocuments,
} from '../../../data/access/statements.js';
import { QUEUES } from '../../../../infra/resources.js';
import type { StatementRunItem } from '../../../data/entities/statements.js';
import type { AccountRef } from '../../../../shared/schemas/statement-views.js';
import { assembleAccount } from '../accounts/assemble.js';
import { companyAccountTerms } from '../../../data/access/accounts.js';
import { oncePerRun } from './once-per-run.js';
import { recoupmentPositions } from '../../../contracts/contracts.js';
import { runKeys, statementsBucket } from '../statement-keys.js';
import type { AccountStepDeps } from './account-step.js';
import { storeAndSend } from './documents.js';
import { accountCounted } from './finish.js';
import { queueRunMessages } from './queue.js';
import { getJson } from '../../../lib/bucket-objects.js';
import type { AccountRecord } from './statement-item.js';
import { timed } from '../../../lib/step-timings.js';
import { jitteredPause } from '../../../lib/jittered-pause.js';

async function readAccountRecord(run: StatementRunItem, account: AccountRef): Promise<AccountRecord> {
  const record = await getJson<AccountRecord>(statementsBucket(), runKeys.account(run.tenantId, run.runId, account));
  if (!record) throw new Error(`The run has no record of account ${account.type} ${account.id}`);
  return record;
}

/** A claim older than the worker's longest run was made by a delivery that died holding it. */
const staleBefore = () => new Date(Date.now() - QUEUES.statementRun.workerTimeoutSeconds * 1000).toISOString();
const claim = (tenantId: string, statementId: string) => claimStatementDocuments(tenantId, statementId, staleBefore());

/** The company's currency and self-billing agreement, read once per run in this process. */
const companyTerms = (run: StatementRunItem) =>
  oncePerRun(['terms', run.tenantId, run.runId], () => companyAccountTerms(run.tenantId));

/** Each read and write timed under its name (step-timings.ts), so the bench can say where a statement's time goes. */
function timedEach(deps: AccountStepDeps): AccountStepDeps {
  const wrapped: Record<string, unknown> = {};
  for (const [name, fn] of Object.entries(deps) as [string, (...args: unknown[]) => Promise<unknown>][])
    wrapped[name] = (...args: unknown[]) => timed(`step.${name}`, () => fn(...args));
  return wrapped as AccountStepDeps;
}

/** The account step's reads and writes against the cloud. */
export const accountStepDeps: AccountStepDeps = timedEach({
  getRun,
  getStatement,
  getRunAndStatement,
  readAccountRecord,
  assemble: assembleAccount,
  companyTerms,
  readSequence,
  readStated: readStatedPeriods,
  readRecoupment: recoupmentPositions,
  skip: recordRunSkip,
  publish: (publication) => publishStatement(publication, staleBefore()),
  settleRecoupment,
  claim,
  release: releaseStatementDocuments,
  documents: storeAndSend,
  complete: completeStatement,
  counted: accountCounted,
  computeAgain: (tenantId, runId) => queueRunMessages([{ type: 'publish', tenantId, runId }]),
  // Timed by why the publication was refused too, so the bench says what statements waited on.
  pause: (attempt, refused) => timed(`refused.${refused}`, () => jitteredPause(attempt)),
});
