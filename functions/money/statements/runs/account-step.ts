import { accountKeyOf } from '../../accounts/account.js';
import { type RecoupmentPosition, recoupedByContract } from '../../../../shared/contract-recoupment.js';
import type { AccountRef } from '../../../../shared/schemas/statement-views.js';
import type {
  PublicationOutcome,
  PublicationResult,
  SequenceName,
  StatedPeriodsRead,
  StatementPublication,
} from '../../../data/access/statements.js';
import type { StatementItem, StatementRunItem } from '../../../data/entities/statements.js';
import type { CompanyAccountTerms } from '../../../data/access/accounts.js';
import { statedOver, type StatedPeriod } from '../../../data/entities/stated-periods.js';
import type { AssembleInput, AssembledAccount } from '../accounts/assemble.js';
import { contractMoneyOf } from './contract-money.js';
import { numberOfStatement, statementIdOf, statementItem, type AccountRecord } from './statement-item.js';
import type { ReadAtNumbering } from './documents.js';

/**
 * One account's step of a publishing run: number and publish its statement in one transaction,
 * then store its PDF and CSV, mail it, and count it on the run.
 *
 * Safe to deliver twice, one after the other or at once: the statement's id comes from the run
 * and the account, the transaction writes it only if it does not exist, one delivery at a time
 * holds the claim to make its documents (so it is mailed once: the writer from its write, another
 * only once that claim is given back or stale), and counting is part of the write that moves it to
 * `published`, which only one delivery wins. A delivery that finds it numbered but not finished
 * (the previous one failed after the transaction) finishes it.
 *
 * An account is stated once per pay period: when another statement in force (of another run, or
 * the correction of one) covers any of the run's months, the account gets no statement from this
 * run. That is a clean outcome, not a failure: the run records the account as stated already,
 * counts it once, and finishes when every account is published or skipped.
 *
 * What it reads and writes comes in as `deps`, so the rules are tested without a cloud.
 */
export type AccountStepDeps = {
  /** The run, read at the step's start only where `getRunAndStatement` is absent. */
  getRun(tenantId: string, runId: string): Promise<StatementRunItem | null>;
  /** A statement: the account's at the start (without `getRunAndStatement`), and read back or replaced later. */
  getStatement(tenantId: string, statementId: string): Promise<StatementItem | null>;
  /**
   * The run and the account's statement in one round trip, as the step starts (access/statements.ts). Absent (the
   * tests' in-memory tables), the step reads the run, then the statement.
   */
  getRunAndStatement?(
    tenantId: string,
    runId: string,
    statementId: string,
  ): Promise<[StatementRunItem | null, StatementItem | null]>;
  /** The publish step's record of the account (runKeys.account). */
  readAccountRecord(run: StatementRunItem, account: AccountRef): Promise<AccountRecord>;
  assemble(input: AssembleInput): Promise<AssembledAccount>;
  /** The company's currency and self-billing agreement as the run reads them (once per run); absent: assemble reads them. */
  companyTerms?(run: StatementRunItem): Promise<CompanyAccountTerms>;
  readSequence(tenantId: string, name: SequenceName): Promise<number>;
  /** The months the account's statements in force cover, with the version a publication writes under. */
  readStated(tenantId: string, accountKey: string): Promise<StatedPeriodsRead>;
  /**
   * The recoupment positions of these contracts (contracts/recoupment.ts) for a statement of `period`:
   * what each has to recoup, what it recouped so far, and the version its write goes under.
   */
  readRecoupment(tenantId: string, contractIds: readonly string[], period: string): Promise<RecoupmentPosition[]>;
  /** Records the account as stated already on the run, once; whether this call counted it. */
  skip(tenantId: string, runId: string, accountKey: string, statedBy: string): Promise<boolean>;
  /** Writes the statement (claimed for its documents) with all it moves, or says why not; the statement as stored. */
  publish(publication: StatementPublication): Promise<PublicationResult>;
  /**
   * Settles the contracts a written statement claimed beyond its own transaction (access/statements.ts):
   * a delivery that finds its statement written settles again what a crash may have left claimed.
   */
  settleRecoupment?(tenantId: string, statementId: string, contractIds: readonly string[]): Promise<void>;
  /**
   * Claims making the statement's documents (one delivery at a time); whether this call holds the claim. The delivery
   * that writes the statement holds it from that write (statementItem), so only a later delivery claims.
   */
  claim(tenantId: string, statementId: string): Promise<boolean>;
  /** Gives the claim back when making them failed, so a later delivery makes them. */
  release(tenantId: string, statementId: string): Promise<void>;
  /**
   * Stores the statement's PDF and CSV and, when `mail`, mails it; answers the keys. A statement a
   * correction replaced before it was finished gets its documents but is never mailed. The rest of the options:
   * what this delivery read while numbering it (the record's word on its CSV, the holder, the payments carried),
   * so the documents do not read it again; absent, they read it.
   */
  documents(
    statement: StatementItem,
    options: { mail: boolean } & ReadAtNumbering,
  ): Promise<{ pdf_key: string; csv_key: string }>;
  /** Marks it published and counts it on its run; whether this call counted it. */
  complete(
    tenantId: string,
    statementId: string,
    runId: string,
    keys: { pdf_key: string; csv_key: string },
  ): Promise<boolean>;
  /** After counting (published or skipped): progress, and the run published when it was the last. */
  counted(tenantId: string, runId: string): Promise<void>;
  /**
   * Queues the run's publish step again: a statement numbering itself found lines of its months changed since the
   * step computed them, so the step computes the run again (publish.ts) and queues its accounts anew.
   */
  computeAgain(tenantId: string, runId: string): Promise<void>;
  /** Waits before another attempt, after a publication refused for `refused` (another statement moved first). */
  pause(attempt: number, refused: PublicationOutcome): Promise<void>;
};

export type AccountStepOutcome =
  | 'published'
  | 'finished'
  | 'already_stated'
  | 'done_already'
  | 'documents_in_hand'
  | 'run_not_publishing'
  | 'computing_again'
  | 'no_run';

/** How often an account tries for the next number before its message is retried later. */
const MAX_ATTEMPTS = 50;

export async function runAccountStep(
  message: { tenantId: string; runId: string; account: AccountRef },
  deps: AccountStepDeps,
): Promise<AccountStepOutcome> {
  const { tenantId, runId, account } = message;
  const statementId = statementIdOf(runId, account);
  const opened = await stepStart(deps, tenantId, runId, statementId);
  if (!opened) return 'no_run';
  const { run } = opened;
  let statement = opened.statement;
  let outcome: AccountStepOutcome = 'finished';
  /** What this delivery read while numbering the statement, when it did (documents then read none of it again). */
  let read: ReadAtNumbering = {};
  /** Whether this delivery wrote the statement: it holds the documents' claim from that write. */
  let written = false;
  if (!statement) {
    // A failed run publishes nothing more (the accounts it published stay published), except the statements whose
    // numbers it reserved: a reserved number is given out, so its statement is made whatever befell the run.
    if (run.status !== 'publishing' && !reservedOf(await deps.readStated(tenantId, accountKeyOf(account)), statementId))
      return 'run_not_publishing';
    const numbered = await numberStatement(run, account, deps);
    if ('ledger_moved' in numbered) {
      await deps.computeAgain(tenantId, runId);
      return 'computing_again';
    }
    if ('stated_by' in numbered) {
      // Counted once; a re-delivery still looks whether the run is complete (a crash may have come between).
      await deps.skip(tenantId, runId, accountKeyOf(account), numbered.stated_by.number);
      await deps.counted(tenantId, runId);
      return 'already_stated';
    }
    statement = numbered.statement;
    read = numbered.read;
    written = numbered.written;
    outcome = 'published';
  }
  if (statement.queue_status === 'published') {
    // Counted when it was finished; the run may not have moved on if the delivery died right after.
    await deps.counted(tenantId, runId);
    return 'done_already';
  }
  // Another delivery is making its documents: it mails it, this one does not.
  if (!written && !(await deps.claim(tenantId, statementId))) return 'documents_in_hand';
  let keys: { pdf_key: string; csv_key: string };
  try {
    keys = await deps.documents(statement, { mail: !statement.superseded_by, ...read });
  } catch (error) {
    await deps.release(tenantId, statementId);
    throw error;
  }
  if (await deps.complete(tenantId, statementId, runId, keys)) await deps.counted(tenantId, runId);
  return outcome;
}

/** The run and the account's statement as the step starts (null when the run is gone): one read where the deps can. */
async function stepStart(
  deps: AccountStepDeps,
  tenantId: string,
  runId: string,
  statementId: string,
): Promise<{ run: StatementRunItem; statement: StatementItem | null } | null> {
  if (deps.getRunAndStatement) {
    const [run, statement] = await deps.getRunAndStatement(tenantId, runId, statementId);
    return run ? { run, statement } : null;
  }
  const run = await deps.getRun(tenantId, runId);
  return run ? { run, statement: await deps.getStatement(tenantId, statementId) } : null;
}

/**
 * Numbers and publishes the account's statement: read the months its statements in force cover
 * (stop when one covers the run's), assemble its figures, read the sequence, write it all in one
 * transaction; when another account took the number first, another statement took an expense or
 * entry first, or the account's stated months changed, read again and retry. Answers the stored
 * statement, the statement in force that states the months already, or that lines of its months were changed since
 * the run computed them (checked only when it numbers itself: a reserved number was given under the same check).
 */
async function numberStatement(
  run: StatementRunItem,
  account: AccountRef,
  deps: AccountStepDeps,
): Promise<
  | { statement: StatementItem; read: ReadAtNumbering; written: boolean }
  | { stated_by: StatedPeriod }
  | { ledger_moved: true }
> {
  const { tenantId } = run;
  const statementId = statementIdOf(run.runId, account);
  const record = await deps.readAccountRecord(run, account);
  const correction = run.replaces_id ? await correctionOf(run, run.replaces_id, deps) : undefined;
  let refused: PublicationOutcome = 'conflict';
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const stated = await deps.readStated(tenantId, accountKeyOf(account));
    // Another delivery of this same message published the statement while this one read: it is this run's own
    // statement, not one that states the months elsewhere (counting it as "stated already" would count it twice).
    // Without a statement, it is the number the publish step reserved for it (reserve-numbers.ts).
    const reserved = reservedOf(stated, statementId);
    // Not on the first attempt: the step read the statement, absent, just before (one read a statement fewer). A twin
    // that wrote it since makes this attempt's write answer 'exists', which takes the written one below.
    if (reserved && attempt > 0) {
      const own = await deps.getStatement(tenantId, statementId);
      if (own) {
        await deps.settleRecoupment?.(tenantId, statementId, own.recoupment_pending ?? []);
        return { statement: own, read: { csvStored: record.csv_stored }, written: false };
      }
    }
    if (correction) {
      // A correction states the replaced statement's months again, in its place: only while it is in force.
      if (!stated.periods.some((p) => p.statement_id === correction.replacesId)) throw alreadyCorrected(correction);
    } else {
      const statedBy = statedOver(
        stated.periods.filter((p) => p.statement_id !== statementId),
        run,
      );
      if (statedBy) return { stated_by: statedBy };
    }
    // Read on every attempt: another payee of the same contract may have recouped from it in between.
    const contracts = await contractMoneyOf(run, record, stated, correction, deps);
    const assembled = await deps.assemble({
      tenantId,
      account,
      start_pay_period: run.start_pay_period,
      end_pay_period: run.end_pay_period,
      royalties: record.earnings.royalties,
      currency: record.currency,
      replaces_id: correction?.replacesId,
      contracts: contracts.figures,
      company: await deps.companyTerms?.(run),
    });
    // A reserved number moved the sequence when it was reserved; otherwise this write takes the next one.
    const sequenceFrom = reserved ? undefined : await deps.readSequence(tenantId, 'statement');
    const selfBillingFrom = assembled.self_billing
      ? await deps.readSequence(tenantId, 'self_billing_invoice')
      : undefined;
    const { outcome, statement: stored } = await deps.publish({
      statement: statementItem({
        run,
        account,
        record,
        assembled,
        number: reserved ? numberOfStatement(reserved.number) : (sequenceFrom ?? 0) + 1,
        invoiceNumber: selfBillingFrom === undefined ? undefined : selfBillingFrom + 1,
        correction,
        contracts,
      }),
      sequenceFrom,
      selfBillingFrom,
      expenseIds: assembled.expense_ids,
      entryIds: assembled.entry_ids,
      replacesId: correction?.replacesId,
      stated,
      recoupment: contracts.writes,
      ledgerAt: record.ledger,
    });
    if (outcome === 'published') {
      // Written by this delivery: as stored (read back only if the write did not say), carrying the payments
      // assembled here and naming the holder read here.
      const statement = stored ?? (await writtenStatement(tenantId, statementId, deps));
      const { holder, payments } = assembled;
      return { statement, read: { csvStored: record.csv_stored, holder, payments }, written: true };
    }
    if (outcome === 'exists') {
      // Another delivery wrote it: what it carries may differ from what this one assembled.
      const statement = await writtenStatement(tenantId, statementId, deps);
      await deps.settleRecoupment?.(tenantId, statementId, statement.recoupment_pending ?? []);
      return { statement, read: { csvStored: record.csv_stored }, written: false };
    }
    if (outcome === 'already_corrected') throw alreadyCorrected(correction);
    // Its lines changed since the record was computed: reading again would read the same record.
    if (outcome === 'ledger_moved') return { ledger_moved: true };
    refused = outcome;
    await deps.pause(attempt, outcome);
  }
  throw new Error(
    `The statement for ${record.earnings.name} was refused ${MAX_ATTEMPTS} times, last because ${REFUSALS[refused] ?? refused}`,
  );
}

/** Why a publication was refused, in words for the run's error (what changed under it since it read). */
const REFUSALS: Partial<Record<PublicationOutcome, string>> = {
  number_taken: 'another statement took the number it read',
  recoupment_moved: 'a contract it recoups from moved, or is held by another statement',
  stated_moved: 'the account’s stated months changed meanwhile',
  consumed_elsewhere: 'an expense or entry it carries went on another statement',
  conflict: 'its write conflicted with another',
};

async function writtenStatement(tenantId: string, statementId: string, deps: AccountStepDeps): Promise<StatementItem> {
  const statement = await deps.getStatement(tenantId, statementId);
  if (!statement) throw new Error(`Statement ${statementId} was written but cannot be read`);
  return statement;
}

/** The account's entry for this statement in its guard: its reserved number, or the statement itself once published. */
const reservedOf = (stated: StatedPeriodsRead, statementId: string) =>
  stated.periods.find((p) => p.statement_id === statementId);

/** The refusal of a correction whose statement another version replaced first (named by its number, as users know it). */
const alreadyCorrected = (correction: { number: string } | undefined) =>
  new Error(`Statement ${correction?.number} has been corrected by another version already, or is not finished`);

type Correction = { version: number; number: string; replacesId: string; recouped: Map<string, string> };

/** A correction's version (one more than the statement it replaces) and what the replaced statement recouped. */
async function correctionOf(run: StatementRunItem, replacesId: string, deps: AccountStepDeps): Promise<Correction> {
  const replaced = await deps.getStatement(run.tenantId, replacesId);
  if (!replaced) throw new Error(`The statement a correction replaces (${replacesId}) is not there`);
  const recouped = recoupedByContract(replaced.contract_recoupment ?? []);
  return { version: replaced.version + 1, number: replaced.number, replacesId, recouped };
}
