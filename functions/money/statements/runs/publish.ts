import { ACCOUNT_WORDS, accountHolder, accountKeyOf } from '../../accounts/account.js';
import { rm } from 'node:fs/promises';
import type { AccountRef } from '../../../../shared/schemas/statement-views.js';
import {
  getRun,
  getStatement,
  moveRun,
  readSequence,
  recordRunSkip,
  statementSender,
  statementSettingsOf,
} from '../../../data/access/statements.js';
import type { StatementRunItem } from '../../../data/entities/statements.js';
import { alreadyStated } from './already-stated.js';
import { recordsByAccount } from '../accounts/company-reads.js';
import { materialiseRun, type AccountEarnings } from '../../earnings/earnings.js';
import { runKeys, STATEMENT_CSV_TYPE, statementKeys, statementsBucket } from '../statement-keys.js';
import { accountCounted } from './finish.js';
import { mapLimit } from '../../../lib/map-limit.js';
import { getJson, putFile, putJson } from '../../../lib/bucket-objects.js';
import { queueRunMessages } from './queue.js';
import { reserveNumbers } from './reserve-numbers.js';
import { scopeOf } from './scope.js';
import { type AccountRecord, labelOf, statementIdOf } from './statement-item.js';
import { labelNames } from './documents.js';
import { makeWorkFolder } from '../../../lib/work-folders.js';
import { timed } from '../../../lib/step-timings.js';

/**
 * The accounts a publishing run makes statements for, stored once its every account record is,
 * and how many it left out as stated already when it started (each recorded as skipped).
 */
export type Manifest = {
  accounts: AccountRef[];
  stated?: number;
  /** The ledger's count of changes read before the lines were (absent in manifests stored before it was kept). */
  ledger?: number;
};

const UPLOAD_LANES = 16;

/** How often the step computes the run while lines it read keep being changed, before it gives up (and is retried). */
const MAX_COMPUTES = 5;

const LEDGER_MOVING = 'Royalty lines of its months were changed while its statements were computed, five times over';

/**
 * A run's publish step: the period's lines are written out once for every account (materialiseRun),
 * each account's record stored under the run and its CSV under its statement's own key, every account's statement number reserved,
 * then one message per account queued. A re-delivery after the manifest was stored reserves what is
 * not reserved yet and queues the same messages again (the account steps make each statement once)
 * instead of computing again.
 *
 * The numbers are reserved only while the ledger is as the step read it: an edit, an import's delete or a re-match
 * written after it read the lines (none of which a statement refused yet, as none was numbered) makes it compute the
 * run again, so a statement never states a line other than the ledger holds it.
 */
export async function runPublish(tenantId: string, runId: string): Promise<void> {
  const run = await getRun(tenantId, runId);
  if (run?.status !== 'publishing') return;
  let manifest = await manifestOf(run);
  for (let computed = 1; ; computed += 1) {
    await moveRun(tenantId, runId, ['publishing'], { total: manifest.accounts.length + (manifest.stated ?? 0) });
    if (!manifest.accounts.length) {
      await accountCounted(tenantId, runId);
      return;
    }
    // Numbered here, in the accounts' order, so the account steps never race for the sequence. A correction states
    // the months of the statement it replaces again and takes its one number in its own step.
    if (run.replaces_id || run.numbers_reserved) break;
    const { accounts, ledger } = manifest;
    const reserved = await timed('publish.reserve_numbers', () => reserveNumbers(run, accounts, undefined, ledger));
    if (reserved === 'reserved') {
      await moveRun(tenantId, runId, ['publishing'], { numbers_reserved: true });
      break;
    }
    if (computed >= MAX_COMPUTES) throw new Error(LEDGER_MOVING);
    manifest = await computeRun(run);
  }
  const { accounts } = manifest;
  await timed('publish.queue', () =>
    queueRunMessages(accounts.map((account) => ({ type: 'account', tenantId, runId, account }))),
  );
}

/**
 * The run's stored manifest, or the run computed when there is none. A correction's stored manifest is computed again
 * when the ledger has moved since and its statement is not written yet: a correction numbers its statement in its own
 * step, which refuses lines the ledger has moved past and queues this step again (account-step.ts). A run that reserves
 * its numbers checks the same count when it reserves them.
 */
async function manifestOf(run: StatementRunItem): Promise<Manifest> {
  const { tenantId, runId } = run;
  const stored = await getJson<Manifest>(statementsBucket(), runKeys.manifest(tenantId, runId));
  if (!stored) return computeRun(run);
  if (!run.replaces_id || stored.ledger === undefined || stored.ledger === (await readSequence(tenantId, 'ledger')))
    return stored;
  // Once written, a statement never changes: its CSV, stored under its key by the computation, is not written again.
  const written = await Promise.all(stored.accounts.map((a) => getStatement(tenantId, statementIdOf(runId, a))));
  return written.some(Boolean) ? stored : computeRun(run);
}

/** An account asked for by name that earned nothing in the period still gets its statement (its entries, its balance). */
async function requestedWithoutEarnings(run: StatementRunItem, earned: AccountEarnings[]): Promise<AccountEarnings[]> {
  const known = new Set(earned.map((a) => accountKeyOf(a.account)));
  const missing = (run.accounts ?? []).filter((account) => !known.has(accountKeyOf(account)));
  return Promise.all(
    missing.map(async (account) => {
      const holder = await accountHolder(run.tenantId, account);
      // Deleted since the run was started (a run names its accounts, never their ids, to its user).
      if (!holder)
        throw new Error(
          `The run names ${ACCOUNT_WORDS[account.type]} deleted since it was started: start the run again`,
        );
      return {
        account,
        name: holder.name,
        email: holder.email,
        lines: 0,
        quantity: 0,
        royalties: '0.000000',
        aggregator_fee: '0.000000',
        label_ids: account.type === 'Label' ? [account.id] : [],
      };
    }),
  );
}

/**
 * The publish step's computation: every account's record and CSV stored, then the manifest naming them, with the
 * ledger's count of changes read before the lines. Tests call it alone to hold a run between computing and numbering.
 */
export async function computeRun(run: StatementRunItem): Promise<Manifest> {
  const { tenantId, runId } = run;
  const workDir = await makeWorkFolder('statement-run-');
  try {
    // Read before the lines: the numbers are reserved only while it still says this (reserve-numbers.ts).
    const ledger = await readSequence(tenantId, 'ledger');
    // The sender and the labels' names as they are now, kept on every statement of the run (StatementNames).
    const { currency, ...sender } = await statementSender(tenantId);
    const labels = await labelNames(tenantId);
    const { earnings, material } = await timed('publish.materialise', () =>
      materialiseRun(tenantId, scopeOf(run), workDir),
    );
    const candidates = [...earnings.accounts, ...(await requestedWithoutEarnings(run, earnings.accounts))];
    const stated = alreadyStated(
      run,
      candidates.map((a) => a.account),
      await timed('publish.records', () => recordsByAccount(tenantId)),
    );
    const accounts = candidates.filter((a) => !stated.has(accountKeyOf(a.account)));
    // Counted on the run as left out, so its record says how many were stated already.
    for (const [accountKey, number] of stated) await recordRunSkip(tenantId, runId, accountKey, number);
    const settingsOf = await statementSettingsOf(
      tenantId,
      accounts.map((a) => a.account),
    );
    await timed('publish.account_files', () =>
      mapLimit(accounts, UPLOAD_LANES, async (earning) => {
        const made = material.get(accountKeyOf(earning.account));
        // The CSV goes straight to the key of the statement the account step will make (its id is the run's and
        // the account's): the step then stores nothing for it. An account found stated already after this point
        // leaves a CSV no statement names, which nothing can reach.
        if (made)
          await putFile(
            statementsBucket(),
            statementKeys.csv(tenantId, statementIdOf(runId, earning.account)),
            made.csvParts,
            STATEMENT_CSV_TYPE,
          );
        const settings = settingsOf(earning.account);
        const labelId = labelOf(earning.account, earning, run);
        const record: AccountRecord = {
          earnings: earning,
          summaries: made?.summaries ?? {},
          provenance: made?.provenance ?? [],
          lines: made?.lines ?? 0,
          lines_total: made?.lines_total ?? '0.000000',
          contract_earnings: made?.contracts ?? [],
          // Statement settings: graphs on for labels, off for payees, unless their settings say.
          graphs: settings.graphs ?? earning.account.type === 'Label',
          formats: settings.formats,
          currency,
          csv_stored: Boolean(made),
          sender,
          label_name: labelId ? (labels.get(labelId) ?? null) : null,
          ledger,
        };
        await putJson(statementsBucket(), runKeys.account(tenantId, runId, earning.account), record);
      }),
    );
    const manifest: Manifest = { accounts: accounts.map((a) => a.account), stated: stated.size, ledger };
    // Written last: a manifest proves every account's record is stored.
    await putJson(statementsBucket(), runKeys.manifest(tenantId, runId), manifest);
    return manifest;
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
