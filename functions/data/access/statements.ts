import { inEachState } from '../entities/in-states-index.js';
import type { UpdateEntityItem } from 'electrodb';
import type { RunStatus, StatementPayment } from '../../../shared/schemas/statement-views.js';
import { isConditionFailed, writtenUnlessConditionFailed } from '../../lib/errors.js';
import { moneyRecordsChanged } from '../list-cache.js';
import {
  RUN_UNDER_WAY,
  STATEMENT_DOCUMENTS_PENDING,
  type CreateAccountEntry,
  type CreateStatement,
  type CreateStatementRun,
  type SequenceItem,
  type Statement,
  type StatementItem,
  type StatementRun,
  type StatementRunItem,
} from '../entities/statements.js';
import { periodsAfter, type StatedPeriod } from '../entities/stated-periods.js';
import { getOrCreate } from '../../lib/get-or-create.js';
import { getDb } from '../service.js';
import { countStillAt } from './ledger-guard.js';
import { getMany } from '../get-many.js';
import { retriedOnConflict } from '../transaction.js';

/**
 * Every read and write of statement runs and published statements, the per-company sequences
 * that number them, and the transactions that publish and pay a statement. The statements
 * area calls these; it never reaches the table itself. Every write to a statement, expense or
 * account entry marks the company's money records changed (finances and dashboards hold them).
 */
const db = () => getDb().entities;

// ——— Runs ———

/** Saves a new run; false when a run with its id exists already (the schedule starting a run twice). */
export async function createRun(run: CreateStatementRun): Promise<boolean> {
  try {
    await db().StatementRun.create(run).go();
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

export async function getRun(tenantId: string, runId: string): Promise<StatementRunItem | null> {
  return (await db().StatementRun.get({ tenantId, runId }).go()).data;
}

/**
 * A run and one of its statements in one round trip (a BatchGetItem of both items), each null where absent: what an
 * account step reads as it starts. Read as `getRun` and `getStatement` read them (not strongly consistent: the
 * step's writes are conditional and decide).
 */
export async function getRunAndStatement(
  tenantId: string,
  runId: string,
  statementId: string,
): Promise<[StatementRunItem | null, StatementItem | null]> {
  const { StatementRun, Statement } = db();
  return getMany<[StatementRunItem, StatementItem]>([
    { get: StatementRun.get({ tenantId, runId }), parse: (item) => StatementRun.parse(item) },
    { get: Statement.get({ tenantId, statementId }), parse: (item) => Statement.parse(item) },
  ]);
}

/** Every run of the company. */
export async function listRuns(tenantId: string): Promise<StatementRunItem[]> {
  return (await db().StatementRun.query.byTenant({ tenantId }).go({ pages: 'all' })).data;
}

/** Every run previewing or publishing, in every company (their sparse index: the local cloud's start and the admins' Jobs page). */
export async function listActiveRuns(): Promise<StatementRunItem[]> {
  return inEachState(
    RUN_UNDER_WAY,
    async (status) => (await db().StatementRun.query.unfinished({ status }).go({ pages: 'all' })).data,
  );
}

/** Every statement numbered but not finished (no PDF, CSV or mail yet), in every company (their sparse index, as above). */
export async function listUnfinishedStatements(): Promise<
  Pick<StatementItem, 'tenantId' | 'statementId' | 'run_id' | 'queue_status' | 'updatedAt'>[]
> {
  return inEachState(
    STATEMENT_DOCUMENTS_PENDING,
    async (queue_status) =>
      (
        await db()
          .Statement.query.unfinished({ queue_status })
          .go({ pages: 'all', attributes: ['tenantId', 'statementId', 'run_id', 'queue_status', 'updatedAt'] })
      ).data,
  );
}

export type RunUpdate = UpdateEntityItem<typeof StatementRun>;

/**
 * Changes a run, only while it is in one of `from` (a step that lost the race with another, or
 * runs for a run that moved on, changes nothing): whether it changed.
 */
export async function moveRun(
  tenantId: string,
  runId: string,
  from: readonly RunStatus[],
  set: RunUpdate,
): Promise<boolean> {
  return writtenUnlessConditionFailed(() =>
    db()
      .StatementRun.patch({ tenantId, runId })
      .set(set)
      .where((attr, op) => from.map((status) => op.eq(attr.status, status)).join(' OR '))
      .go(),
  );
}

/**
 * Claims telling the run's user that it reached `percent`: true for the one caller that moves the run's last told
 * percent up to it, false for the others (account steps that finish together read the same count, and each would
 * tell it) and when the write fails otherwise (a push is never worth failing a step for; the next percent tells more).
 */
export async function claimProgressPush(tenantId: string, runId: string, percent: number): Promise<boolean> {
  return writtenUnlessConditionFailed(() =>
    db()
      .StatementRun.patch({ tenantId, runId })
      .set({ pushed_percent: percent })
      .where((attr, op) => `${op.notExists(attr.pushed_percent)} OR ${op.lt(attr.pushed_percent, percent)}`)
      .go(),
  ).catch(() => false);
}

// ——— Statements ———

export async function getStatement(tenantId: string, statementId: string): Promise<StatementItem | null> {
  return (await db().Statement.get({ tenantId, statementId }).go()).data;
}

/** Every statement of the company (lists filter, search and page them in memory). */
export async function listStatements(tenantId: string): Promise<StatementItem[]> {
  return (await db().Statement.query.byTenant({ tenantId }).go({ pages: 'all' })).data;
}

/**
 * What a statement run needs of a company's statements to make figures and see what is stated already: the
 * statement's months, number and chain, its figures and control, the contracts' reserves it carries to the next
 * statement (which a run's preview releases as the publication will), not its summaries (most of a statement's size).
 */
export const STATEMENT_HEAD = [
  'statementId',
  'accountKey',
  'number',
  'version',
  'superseded_by',
  'run_id',
  'start_pay_period',
  'end_pay_period',
  'figures',
  'control',
  'queue_status',
  'reserves_outstanding',
] as const;
export type StatementHead = Pick<StatementItem, (typeof STATEMENT_HEAD)[number]>;

/** Every statement of a company, only `fields` of each: lists read often leave out the summaries, most of its size. */
async function statementsWithOnly<F extends keyof StatementItem>(
  tenantId: string,
  fields: readonly F[],
): Promise<Pick<StatementItem, F>[]> {
  const found = await db()
    .Statement.query.byTenant({ tenantId })
    .go({ pages: 'all', attributes: [...fields] });
  return found.data as Pick<StatementItem, F>[];
}

/** Every statement of a company, its head only (STATEMENT_HEAD). */
export const statementHeads = (tenantId: string): Promise<StatementHead[]> =>
  statementsWithOnly(tenantId, STATEMENT_HEAD);

/** What a published run's page reads of its statements: each one's account and figures as stated. */
const RUN_STATEMENT_FIELDS = ['accountKey', 'figures', 'self_billing', 'withholding_tax', 'not_paid_reasons'] as const;
export type RunStatement = Pick<StatementItem, (typeof RUN_STATEMENT_FIELDS)[number]>;

/**
 * The statements of these ids (a run's: their ids come from the run and each account), as their figures were stated;
 * those not written are left out. One batch read of the run's statements, not a read of every statement the company has.
 */
export async function statementsByIds(tenantId: string, statementIds: readonly string[]): Promise<RunStatement[]> {
  if (!statementIds.length) return [];
  const { data } = await db()
    .Statement.get(statementIds.map((statementId) => ({ tenantId, statementId })))
    .go({ attributes: [...RUN_STATEMENT_FIELDS], concurrency: 4 });
  return data as RunStatement[];
}

/** What the late-money check reads of a statement (money/statements/accounts/not-yet-stated.ts): its head, kind, label and payee. */
const LATE_CHECK_FIELDS = [...STATEMENT_HEAD, 'type', 'label_id', 'payee_name'] as const;
export type LateCheckStatement = Pick<StatementItem, (typeof LATE_CHECK_FIELDS)[number]>;

/** Every statement of a company, what the late-money check reads of it (LATE_CHECK_FIELDS), on every dashboard view. */
export const statementsForLateCheck = (tenantId: string): Promise<LateCheckStatement[]> =>
  statementsWithOnly(tenantId, LATE_CHECK_FIELDS);

/** An account's statements in period order. */
export async function statementsOfAccount(tenantId: string, accountKey: string): Promise<StatementItem[]> {
  return (await db().Statement.query.byAccount({ tenantId, accountKey }).go({ pages: 'all' })).data;
}

/** What may change on a published statement: never its figures. */
export type StatementDetailsUpdate = Pick<
  UpdateEntityItem<typeof Statement>,
  'recipients' | 'subject' | 'message' | 'remittance_date'
>;

export async function updateStatementDetails(
  tenantId: string,
  statementId: string,
  set: StatementDetailsUpdate,
): Promise<void> {
  await db().Statement.patch({ tenantId, statementId }).set(set).go();
  await moneyRecordsChanged(tenantId);
}

// ——— Sequences ———

export type SequenceName = SequenceItem['name'];

/** The last number a company's sequence gave (0 when it gave none yet). */
export async function readSequence(tenantId: string, name: SequenceName): Promise<number> {
  return (await db().Sequence.get({ tenantId, name }).go()).data?.value ?? 0;
}

// ——— Publishing ———

/** What one account's statement takes from the run to be published. */
export type StatementPublication = {
  statement: CreateStatement;
  /**
   * The statement sequence's value read before numbering it (its number is `from + 1`); absent when
   * its number was reserved at publish (reserveStatementNumbers), which advanced the sequence then.
   */
  sequenceFrom?: number;
  /** The expenses and entries the statement carries: each is taken by one statement only. */
  expenseIds: readonly string[];
  entryIds: readonly string[];
  /** A correction: the statement it replaces, marked superseded in the same write. */
  replacesId?: string;
  /**
   * A self-billing invoice's sequence value read before numbering it (its number is `from + 1`),
   * when the statement carries one: numbered in the same write, so never twice and never skipped.
   */
  selfBillingFrom?: number;
  /** The account's stated periods as read before publishing (readStatedPeriods), found free of the statement's months. */
  stated: StatedPeriodsRead;
  /**
   * With `sequenceFrom` (the statement numbers itself, as a correction does): the ledger's count of changes when its
   * lines were read. The write holds only while the count is still that, so an edit, an import's delete or a re-match
   * written since the lines were read refuses it ('ledger_moved') instead of leaving it stating a line as it was.
   */
  ledgerAt?: number;
  /**
   * The contracts its earnings recoup: each one's recouped total once published, written only if
   * its recoupment version is still the one read (so a balance is never recouped twice).
   */
  recoupment?: readonly {
    contract_id: string;
    recouped: string;
    version: number;
    /** The contract's sales by pay period, its stated months included (escalations count from them). */
    stated?: Record<string, { units: string; revenue: string }>;
  }[];
};

/** Why a publication was not written: the statement exists, or a race another writer won. */
export type PublicationOutcome =
  | 'published'
  | 'exists'
  | 'number_taken'
  | 'stated_moved'
  | 'consumed_elsewhere'
  | 'already_corrected'
  | 'recoupment_moved'
  | 'ledger_moved'
  | 'conflict';

/**
 * What a publication did, and when it wrote the statement, the statement as stored (read from the transaction's own
 * item, so the publisher need not read it back; absent if that item could not be read).
 */
export type PublicationResult = { outcome: PublicationOutcome; statement?: StatementItem };

/**
 * DynamoDB writes at most 100 items in one transaction: the statement, its number, its invoice
 * number, its correction, the account's stated periods and the check of the ledger's count of changes leave 94.
 */
export const MAX_CONSUMED_PER_STATEMENT = 94;

type RecoupmentMove = NonNullable<StatementPublication['recoupment']>[number];

/**
 * A contract's recoupment may move: its version is still the one read, and no other statement claimed it
 * (a statement whose recoupment moves more contracts than its transaction holds claims the rest first).
 */
const recoupmentUnmoved = (unmoved: string, unclaimed: string, claimedByThis: string) =>
  `${unmoved} AND (${unclaimed} OR ${claimedByThis})`;

/**
 * Claims the contracts whose recoupment a statement moves beyond its own transaction: each keeps the move it
 * will make, on condition that its version did not move and no other statement claimed it. Claimed in one
 * order (by contract id) in transactions of 100, so two statements never hold parts of each other's contracts
 * waiting on one another. No other statement moves a claimed contract, so the statement written after its
 * claims has recouped each once; false when one moved since it was read (read again and retry).
 */
async function claimRecoupment(tenantId: string, statementId: string, moves: readonly RecoupmentMove[]) {
  for (let start = 0; start < moves.length; start += TRANSACTION_ITEMS) {
    const result = await getDb()
      .transaction.write(({ Contract }) =>
        moves.slice(start, start + TRANSACTION_ITEMS).map(({ contract_id, recouped, version, stated }) =>
          Contract.patch({ tenantId, id: contract_id })
            .set({
              recoupment_claimed_by: statementId,
              recoupment_claim: {
                recouped,
                recoupment_version: version + 1,
                ...(stated ? { escalation_stated: stated } : {}),
                claimed_at: new Date().toISOString(),
              },
            })
            .where((attr, op) =>
              recoupmentUnmoved(
                version === 0 ? op.notExists(attr.recoupment_version) : op.eq(attr.recoupment_version, version),
                op.notExists(attr.recoupment_claimed_by),
                op.eq(attr.recoupment_claimed_by, statementId),
              ),
            )
            .commit(),
        ),
      )
      .go();
    if (result.canceled) return false;
  }
  return true;
}

const TRANSACTION_ITEMS = 100;

/**
 * Frees the contracts among `contractIds` that another statement claimed and then left: its delivery died (or its
 * publication was refused) before it settled them, and no other statement may move a claimed contract, so without
 * this they could never recoup again. A claim counts as left once it is older than the statement worker's longest
 * run (`staleBefore`): the delivery that made it has stopped. If that statement was written, its claim is settled
 * (the contract takes the move its statement already stated); if not, the claim is removed. Either write is
 * conditional on the claim being that same one, so a statement that settles its own claim meanwhile wins.
 */
async function freeLeftClaims(
  tenantId: string,
  statementId: string,
  contractIds: readonly string[],
  staleBefore: string,
) {
  for (const id of contractIds) {
    const contract = (await db().Contract.get({ tenantId, id }).go({ consistent: true })).data;
    const holder = contract?.recoupment_claimed_by;
    if (!holder || holder === statementId) continue;
    const claimedAt = (contract.recoupment_claim as { claimed_at?: string } | undefined)?.claimed_at ?? '';
    if (claimedAt >= staleBefore) continue;
    const written = (await db().Statement.get({ tenantId, statementId: holder }).go({ consistent: true })).data;
    if (written) {
      await settleRecoupment(tenantId, holder, [id]);
      continue;
    }
    await writtenUnlessConditionFailed(() =>
      db()
        .Contract.patch({ tenantId, id })
        .remove(['recoupment_claimed_by', 'recoupment_claim'])
        .where((attr, op) => op.eq(attr.recoupment_claimed_by, holder))
        .go(),
    );
  }
}

/** Gives back this statement's claims when its publication was refused: its next attempt claims again. */
async function releaseOwnClaims(tenantId: string, statementId: string, contractIds: readonly string[]) {
  await Promise.all(
    contractIds.map((id) =>
      writtenUnlessConditionFailed(() =>
        db()
          .Contract.patch({ tenantId, id })
          .remove(['recoupment_claimed_by', 'recoupment_claim'])
          .where((attr, op) => op.eq(attr.recoupment_claimed_by, statementId))
          .go(),
      ),
    ),
  );
}

/**
 * Once its statement is written, each contract it claimed takes the move the claim kept and is free again.
 * Each write is conditional on the claim still being this statement's, so a re-delivery that settles again
 * (the account step settles every statement it finds written) moves nothing twice.
 */
export async function settleRecoupment(tenantId: string, statementId: string, contractIds: readonly string[]) {
  const settle = async (id: string) => {
    const contract = (await db().Contract.get({ tenantId, id }).go({ consistent: true })).data;
    if (contract?.recoupment_claimed_by !== statementId) return;
    const claim = contract.recoupment_claim as {
      recouped: string;
      recoupment_version: number;
      escalation_stated?: unknown;
    };
    await writtenUnlessConditionFailed(() =>
      db()
        .Contract.patch({ tenantId, id })
        .set({
          recouped: claim.recouped,
          recoupment_version: claim.recoupment_version,
          ...(claim.escalation_stated ? { escalation_stated: claim.escalation_stated } : {}),
        })
        .remove(['recoupment_claimed_by', 'recoupment_claim'])
        .where((attr, op) => op.eq(attr.recoupment_claimed_by, statementId))
        .go(),
    );
  };
  // Ten at a time: a statement may have claimed a few hundred contracts.
  for (let start = 0; start < contractIds.length; start += 10)
    await Promise.all(contractIds.slice(start, start + 10).map(settle));
}

/** A guard's periods as read, or, with none written yet, the statements in force it would hold (version 0). */
const statedRead = (
  guard: { version: number; periods: StatedPeriod[] } | null | undefined,
  statements: readonly Pick<
    StatementItem,
    'statementId' | 'number' | 'start_pay_period' | 'end_pay_period' | 'superseded_by'
  >[],
): StatedPeriodsRead =>
  guard
    ? { version: guard.version, periods: guard.periods }
    : {
        version: 0,
        periods: statements
          .filter((s) => !s.superseded_by)
          .map((s) => ({
            statement_id: s.statementId,
            number: s.number,
            start_pay_period: s.start_pay_period,
            end_pay_period: s.end_pay_period,
          })),
      };

/**
 * Many accounts' stated periods at once (the publish step reserving a run's numbers): their guards 100 to a
 * consistent round trip, and for accounts without one yet, their statements in force from one read of the
 * company's statement heads, instead of one or two reads an account. As readStatedPeriods, a read that is stale
 * by the time it is written under only makes that write refused and read again.
 */
export async function readStatedPeriodsOf(
  tenantId: string,
  accountKeys: readonly string[],
): Promise<Map<string, StatedPeriodsRead>> {
  const keys = [...new Set(accountKeys)];
  if (!keys.length) return new Map();
  const { data } = await db()
    .StatedPeriods.get(keys.map((accountKey) => ({ tenantId, accountKey })))
    .go({ concurrency: 4, params: { ConsistentRead: true } });
  const guards = new Map(data.map((guard) => [guard.accountKey, guard]));
  const headsOf = new Map<string, StatementHead[]>();
  if (keys.some((key) => !guards.has(key)))
    for (const head of await statementHeads(tenantId)) getOrCreate(headsOf, head.accountKey, () => []).push(head);
  return new Map(keys.map((key) => [key, statedRead(guards.get(key), headsOf.get(key) ?? [])] as const));
}

/** An account's stated periods as a publisher read them: version 0 when the guard is not written yet. */
export type StatedPeriodsRead = { version: number; periods: StatedPeriod[] };

/**
 * The version of the account's stated-periods guard (0 before its first statement under it): one read of the
 * guard item, for a write that must hold only while no statement of the account is numbered.
 */
export async function readStatedVersion(tenantId: string, accountKey: string): Promise<number> {
  return (await db().StatedPeriods.get({ tenantId, accountKey }).go({ consistent: true })).data?.version ?? 0;
}

/**
 * The months an account's statements in force cover. The guard item is the truth once written;
 * before an account's first publication under it, its statements in the table (those no
 * correction replaced) are read instead, and the first publication writes them into the guard.
 */
export async function readStatedPeriods(tenantId: string, accountKey: string): Promise<StatedPeriodsRead> {
  const guard = (await db().StatedPeriods.get({ tenantId, accountKey }).go({ consistent: true })).data;
  return statedRead(guard, guard ? [] : await statementsOfAccount(tenantId, accountKey));
}

/**
 * Publishes a statement in one transaction, so an account is never half-published: the statement
 * (only if it does not exist: a re-delivered message finds it), the statement number (the
 * sequence moves n → n+1 only if it still says n, so two accounts never share a number and none
 * is skipped), the account's stated periods (only if unchanged since the publisher found the
 * months free: an account is never stated twice for a month), the expenses and entries it
 * consumes (only those on no statement yet), the statement it corrects (only a finished one
 * that no other version corrected first), and the recouped total of each contract its earnings
 * recoup (only if no other statement moved it since it was read).
 */
export async function publishStatement(
  publication: StatementPublication,
  /** A recoupment claim made before this was left by a delivery that has stopped (freeLeftClaims). */
  staleClaimBefore: string,
): Promise<PublicationResult> {
  const { statement, sequenceFrom, expenseIds, entryIds, replacesId, selfBillingFrom, stated, ledgerAt } = publication;
  const consumed = expenseIds.length + entryIds.length;
  if (consumed > MAX_CONSUMED_PER_STATEMENT)
    throw new Error(
      `A statement carries at most ${MAX_CONSUMED_PER_STATEMENT} expenses and entries in one write; this one has ${consumed}`,
    );
  const { tenantId, statementId, accountKey } = statement;
  // The contracts its recoupment moves, in one order: those the transaction has room for are written in it, the
  // rest are claimed first (claimRecoupment) and settled once the statement is written.
  const moves = [...(publication.recoupment ?? [])].sort((a, b) => a.contract_id.localeCompare(b.contract_id));
  const recoupment = moves.slice(0, MAX_CONSUMED_PER_STATEMENT - consumed);
  const claimed = moves.slice(recoupment.length);
  const claimedIds = claimed.map((m) => m.contract_id);
  if (claimed.length && !(await claimRecoupment(tenantId, statementId, claimed))) {
    // Moved by another statement, or held by one that stopped: the caller reads the contracts again and retries.
    await freeLeftClaims(tenantId, statementId, claimedIds, staleClaimBefore);
    return { outcome: 'recoupment_moved' };
  }
  const written = claimed.length ? { ...statement, recoupment_pending: claimed.map((m) => m.contract_id) } : statement;
  const periods = periodsAfter(
    stated.periods,
    {
      statement_id: statementId,
      number: statement.number,
      start_pay_period: statement.start_pay_period,
      end_pay_period: statement.end_pay_period,
    },
    replacesId,
  );
  // Each item with the outcome its refused condition means, in the transaction's order.
  const items: PublicationOutcome[] = [];
  let statementPut: unknown;
  const result = await getDb()
    .transaction.write(({ Statement, Sequence, Expense, AccountEntry, StatedPeriods, Contract }) => {
      const item = <T>(refused: PublicationOutcome, commit: T) => {
        items.push(refused);
        return commit;
      };
      // The sequence moves n → n+1 only if it still says n (created at 1 when there is none).
      const advance = (name: 'statement' | 'self_billing_invoice', from: number) =>
        from === 0
          ? Sequence.create({ tenantId, name, value: 1 }).commit()
          : Sequence.patch({ tenantId, name })
              .set({ value: from + 1 })
              .where((attr, op) => op.eq(attr.value, from))
              .commit();
      const create = Statement.create(written).commit();
      statementPut = create;
      return [
        item('exists', create),
        ...(sequenceFrom === undefined ? [] : [item('number_taken', advance('statement', sequenceFrom))]),
        // Numbered here, so only while the lines it states are as they were read (a reserved number was given out
        // under the same check: reserve-numbers.ts).
        ...(sequenceFrom === undefined || ledgerAt === undefined
          ? []
          : [item('ledger_moved', countStillAt(Sequence, tenantId, 'ledger', ledgerAt))]),
        ...(selfBillingFrom === undefined
          ? []
          : [item('number_taken', advance('self_billing_invoice', selfBillingFrom))]),
        item(
          'stated_moved',
          stated.version === 0
            ? StatedPeriods.create({ tenantId, accountKey, version: 1, periods }).commit()
            : StatedPeriods.patch({ tenantId, accountKey })
                .set({ version: stated.version + 1, periods })
                .where((attr, op) => op.eq(attr.version, stated.version))
                .commit(),
        ),
        ...(replacesId
          ? [
              item(
                'already_corrected',
                Statement.patch({ tenantId, statementId: replacesId })
                  .set({ superseded_by: statementId })
                  .where(
                    (attr, op) => `${op.notExists(attr.superseded_by)} AND ${op.eq(attr.queue_status, 'published')}`,
                  )
                  .commit(),
              ),
            ]
          : []),
        // The contract's recouped total moves with the statement that recoups it, or not at all.
        // So do the sales it stated, which the contract's escalations count from.
        ...recoupment.map(({ contract_id, recouped, version, stated }) =>
          item(
            'recoupment_moved',
            Contract.patch({ tenantId, id: contract_id })
              .set({ recouped, recoupment_version: version + 1, ...(stated ? { escalation_stated: stated } : {}) })
              .remove(['recoupment_claimed_by', 'recoupment_claim'])
              .where((attr, op) =>
                recoupmentUnmoved(
                  version === 0 ? op.notExists(attr.recoupment_version) : op.eq(attr.recoupment_version, version),
                  op.notExists(attr.recoupment_claimed_by),
                  op.eq(attr.recoupment_claimed_by, statementId),
                ),
              )
              .commit(),
          ),
        ),
        ...expenseIds.map((expenseId) =>
          item(
            'consumed_elsewhere',
            Expense.patch({ tenantId, expenseId })
              .set({ statement_id: statementId })
              // On no statement yet; a correction takes again what the statement it replaces carried (pending.ts).
              .where((attr, op) =>
                replacesId
                  ? `(${op.notExists(attr.statement_id)} OR ${op.eq(attr.statement_id, replacesId)})`
                  : op.notExists(attr.statement_id),
              )
              .commit(),
          ),
        ),
        ...entryIds.map((entryId) =>
          item(
            'consumed_elsewhere',
            AccountEntry.patch({ tenantId, accountKey, entryId })
              .set({ statement_id: statementId })
              // On no statement yet; a correction takes again what the statement it replaces carried (pending.ts).
              .where((attr, op) =>
                replacesId
                  ? `(${op.notExists(attr.statement_id)} OR ${op.eq(attr.statement_id, replacesId)})`
                  : op.notExists(attr.statement_id),
              )
              .commit(),
          ),
        ),
      ];
    })
    .go();
  if (!result.canceled) {
    await settleRecoupment(tenantId, statementId, written.recoupment_pending ?? []);
    await moneyRecordsChanged(tenantId);
    return { outcome: 'published', statement: storedForm(statementPut) };
  }
  // The first refused item in order says why: a statement that exists already wins over the rest.
  const refusedAt = result.data.findIndex((item) => item?.code === 'ConditionalCheckFailed');
  const outcome = refusedAt < 0 ? 'conflict' : (items[refusedAt] ?? 'conflict');
  // A statement already written settles its claims (the caller does); any other refusal holds none.
  if (outcome !== 'exists') await releaseOwnClaims(tenantId, statementId, claimedIds);
  return { outcome };
}

/**
 * A statement as stored, from the Put a transaction wrote it with (DynamoDB's TransactItem: `{ Put: { Item } }`),
 * parsed as a read of it would be: its defaults and time stamps are the ones written. Undefined when the item is not
 * there to read (the caller reads the statement then).
 */
function storedForm(commit: unknown): StatementItem | undefined {
  const item = (commit as { Put?: { Item?: Record<string, unknown> } } | undefined)?.Put?.Item;
  return item ? (db().Statement.parse({ Item: item }).data ?? undefined) : undefined;
}

/** One account's reserved number: the statement it will be, written into its guard as read. */
export type NumberClaim = { accountKey: string; stated: StatedPeriodsRead; period: StatedPeriod };

/**
 * A transaction holds at most 100 items: the sequence, up to 98 accounts' guards and the check of the ledger's count of
 * changes.
 */
export const MAX_CLAIMS_PER_RESERVATION = 98;

/**
 * Reserves statement numbers `from + 1 …` for accounts, in the order given, in one transaction: the
 * sequence moves from → from + n only if it still says `from` (created when there is none), and each
 * account's guard takes its statement's range and number only if it is still at the version read, its
 * months having been found free. A number and the months it states are taken together or not at
 * all, so no other statement can state the account in between and leave the number unused.
 * Otherwise what another writer changed first (read again, try again).
 *
 * With `ledgerAt` (the ledger's count of changes the run's figures were computed at, read before it read the lines),
 * only while that count has not moved: an edit, an import's delete or a re-match written since may change a line the
 * statements would state, so nothing is reserved ('ledger_moved') and the run computes again.
 */
export async function reserveStatementNumbers(
  tenantId: string,
  sequenceFrom: number,
  claims: readonly NumberClaim[],
  ledgerAt?: number,
): Promise<'reserved' | 'number_taken' | 'stated_moved' | 'ledger_moved' | 'conflict'> {
  if (claims.length > MAX_CLAIMS_PER_RESERVATION)
    throw new Error(`At most ${MAX_CLAIMS_PER_RESERVATION} numbers are reserved in one write; asked ${claims.length}`);
  const to = sequenceFrom + claims.length;
  const result = await getDb()
    .transaction.write(({ Sequence, StatedPeriods }) => [
      sequenceFrom === 0
        ? Sequence.create({ tenantId, name: 'statement', value: to }).commit()
        : Sequence.patch({ tenantId, name: 'statement' })
            .set({ value: to })
            .where((attr, op) => op.eq(attr.value, sequenceFrom))
            .commit(),
      ...claims.map(({ accountKey, stated, period }) => {
        const periods = periodsAfter(stated.periods, period);
        return stated.version === 0
          ? StatedPeriods.create({ tenantId, accountKey, version: 1, periods }).commit()
          : StatedPeriods.patch({ tenantId, accountKey })
              .set({ version: stated.version + 1, periods })
              .where((attr, op) => op.eq(attr.version, stated.version))
              .commit();
      }),
      ...(ledgerAt === undefined ? [] : [countStillAt(Sequence, tenantId, 'ledger', ledgerAt)]),
    ])
    .go();
  if (!result.canceled) return 'reserved';
  if (ledgerAt !== undefined && result.data[claims.length + 1]?.code === 'ConditionalCheckFailed')
    return 'ledger_moved';
  if (result.data[0]?.code === 'ConditionalCheckFailed') return 'number_taken';
  if (result.data.some((item) => item?.code === 'ConditionalCheckFailed')) return 'stated_moved';
  // Another transaction on the same items at the same moment: read again and try again.
  return 'conflict';
}

/**
 * Leaves an account out of a run because statement `statedBy` states its months already: the
 * run's record of it and the run's count, in one write made once per run and account, so a
 * re-delivered message counts it once. Whether this call counted it.
 */
export async function recordRunSkip(
  tenantId: string,
  runId: string,
  accountKey: string,
  statedBy: string,
): Promise<boolean> {
  const result = await retriedOnConflict(() =>
    getDb()
      .transaction.write(({ StatementRunSkip, StatementRun }) => [
        StatementRunSkip.create({ tenantId, runId, accountKey, stated_by: statedBy }).commit(),
        StatementRun.patch({ tenantId, runId }).add({ skipped: 1 }).commit(),
      ])
      .go(),
  );
  if (!result.canceled) return true;
  if (result.data[0]?.code === 'ConditionalCheckFailed') return false;
  throw new Error(
    `Run ${runId} could not record ${accountKey} as stated: ${result.data.map((d) => d.code).join(', ')}`,
  );
}

/** The accounts a run left out as stated already, with the statement in force for each. */
export async function runSkips(tenantId: string, runId: string) {
  return (await db().StatementRunSkip.query.byRun({ tenantId, runId }).go({ pages: 'all' })).data;
}

/**
 * Claims making a numbered statement's documents (PDF, CSV, mail), so two deliveries of its
 * message at once mail it once: `queued` → `generating`, or a claim older than `staleBefore`
 * (ISO; a delivery that died holding it) taken over. Whether this call holds it now.
 */
export async function claimStatementDocuments(
  tenantId: string,
  statementId: string,
  staleBefore: string,
): Promise<boolean> {
  try {
    await db()
      .Statement.patch({ tenantId, statementId })
      .set({ queue_status: 'generating' })
      .where(
        (attr, op) =>
          `${op.eq(attr.queue_status, 'queued')} OR (${op.eq(attr.queue_status, 'generating')} AND ${op.lt(attr.updatedAt, staleBefore)})`,
      )
      .go();
    await moneyRecordsChanged(tenantId);
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/** Gives a documents claim back (making them failed), so the message's next delivery makes them. */
export async function releaseStatementDocuments(tenantId: string, statementId: string): Promise<void> {
  try {
    await db()
      .Statement.patch({ tenantId, statementId })
      .set({ queue_status: 'queued' })
      .where((attr, op) => op.eq(attr.queue_status, 'generating'))
      .go();
    await moneyRecordsChanged(tenantId);
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
}

/**
 * Marks a numbered statement's documents done (PDF and CSV stored, mail sent) and counts it on
 * its run in the same write, once: only the delivery that moves it out of `generating` counts.
 * Whether this call counted it.
 */
export async function completeStatement(
  tenantId: string,
  statementId: string,
  runId: string | undefined,
  keys: { pdf_key: string; csv_key: string },
): Promise<boolean> {
  // Every account step of a run adds to the run's count: a conflict with another's write is tried again.
  const result = await retriedOnConflict(() =>
    getDb()
      .transaction.write(({ Statement, StatementRun }) => [
        Statement.patch({ tenantId, statementId })
          .set({ ...keys, queue_status: 'published', publishedAt: new Date().toISOString() })
          .where((attr, op) => op.eq(attr.queue_status, 'generating'))
          .commit(),
        ...(runId ? [StatementRun.patch({ tenantId, runId }).add({ done: 1 }).commit()] : []),
      ])
      .go(),
  );
  if (!result.canceled) {
    await moneyRecordsChanged(tenantId);
    return true;
  }
  if (result.data[0]?.code === 'ConditionalCheckFailed') return false;
  throw new Error(`Statement ${statementId} could not be completed: ${result.data.map((d) => d.code).join(', ')}`);
}

// ——— Payments ———

/** The payment entry a paid statement adds to its account: one per statement. */
const paymentEntryId = (statementId: string) => `payment-${statementId}`;

/**
 * The account entry a statement's payment adds (`amount` = −payable): the next statement carries
 * it and shows the payment's date, method and reference. Payments (functions/money/payments) write the
 * same entry in their own transaction.
 */
export function paymentEntryFor(
  statement: Pick<StatementItem, 'tenantId' | 'statementId' | 'accountKey'>,
  payment: StatementPayment,
  amount: string,
  userId: string,
): CreateAccountEntry {
  const { tenantId, statementId, accountKey } = statement;
  return {
    tenantId,
    accountKey,
    entryId: paymentEntryId(statementId),
    kind: 'payment',
    amount,
    date: payment.payment_date,
    paid_statement_id: statementId,
    payment_method: payment.payment_method ?? undefined,
    payment_reference: payment.payment_reference ?? undefined,
    description: 'Payment',
    userId,
  };
}

/** The ids of a statement's payment entry, for payments that change or remove it with their own writes. */
export const paymentEntryIds = (statement: Pick<StatementItem, 'tenantId' | 'statementId' | 'accountKey'>) => ({
  tenantId: statement.tenantId,
  accountKey: statement.accountKey,
  entryId: paymentEntryId(statement.statementId),
});

/** The payment entry of a paid statement, if it made one. */
export async function paymentEntryOf(
  statement: Pick<StatementItem, 'tenantId' | 'statementId' | 'accountKey'>,
): Promise<{ statement_id?: string } | null> {
  const { tenantId, statementId, accountKey } = statement;
  return (
    await db()
      .AccountEntry.get({ tenantId, accountKey, entryId: paymentEntryId(statementId) })
      .go()
  ).data;
}

/**
 * Marks a statement unpaid and removes its payment entry, in one write, only while that entry is
 * on no statement yet. 'refused': a later statement carries the payment; 'unchanged': it was not paid.
 */
export async function markStatementUnpaid(
  statement: Pick<StatementItem, 'tenantId' | 'statementId' | 'accountKey'>,
): Promise<'done' | 'unchanged' | 'refused'> {
  const { tenantId, statementId, accountKey } = statement;
  const result = await getDb()
    .transaction.write(({ Statement, AccountEntry }) => [
      Statement.patch({ tenantId, statementId })
        .set({ paid: false })
        .remove(['payment'])
        .where((attr, op) => op.eq(attr.paid, true))
        .commit(),
      AccountEntry.delete({ tenantId, accountKey, entryId: paymentEntryId(statementId) })
        .where((attr, op) => op.notExists(attr.statement_id))
        .commit(),
    ])
    .go();
  if (!result.canceled) {
    await moneyRecordsChanged(tenantId);
    return 'done';
  }
  if (result.data[0]?.code === 'ConditionalCheckFailed') return 'unchanged';
  if (result.data[1]?.code === 'ConditionalCheckFailed') return 'refused';
  throw new Error(`Statement ${statementId} could not be marked unpaid: ${result.data.map((d) => d.code).join(', ')}`);
}

// ——— Who statements are from and for (reads of other areas' records) ———

/**
 * Accounts' statement settings (a payee's graphs and frequency; the files a payee's or a label's statement mail
 * attaches; none for artists), read 100 to a round trip: the publish step asks for every account of its run.
 */
export async function statementSettingsOf(
  tenantId: string,
  accounts: readonly { type: 'Payee' | 'Artist' | 'Label'; id: string }[],
): Promise<
  (account: { type: string; id: string }) => { graphs: boolean | null; frequency: string | null; formats: string[] }
> {
  const idsOf = (type: string) => [...new Set(accounts.filter((a) => a.type === type).map((a) => a.id))];
  const [payeeIds, labelIds] = [idsOf('Payee'), idsOf('Label')];
  const [payees, labels] = await Promise.all([
    payeeIds.length
      ? db()
          .Payee.get(payeeIds.map((id) => ({ tenantId, id })))
          .go({ concurrency: 4, attributes: ['id', 'statement_settings'] })
      : { data: [] },
    labelIds.length
      ? db()
          .Label.get(labelIds.map((labelId) => ({ tenantId, labelId })))
          .go({ concurrency: 4, attributes: ['labelId', 'statement_settings'] })
      : { data: [] },
  ]);
  const settings = new Map(payees.data.map((payee) => [payee.id, payee.statement_settings]));
  const labelFormats = new Map(labels.data.map((label) => [label.labelId, label.statement_settings?.formats ?? []]));
  return (account) => {
    const own = account.type === 'Payee' ? settings.get(account.id) : undefined;
    const formats = account.type === 'Label' ? labelFormats.get(account.id) : own?.formats;
    return { graphs: own?.graphs ?? null, frequency: own?.frequency || null, formats: formats ?? [] };
  };
}

/** The company as a statement's sender: its name, contact, VAT number and currency. */
export async function statementSender(tenantId: string) {
  const company = (await db().Company.get({ companyId: tenantId }).go()).data;
  return {
    name: company?.name ?? '',
    email: company?.email || company?.profile?.backup_email || null,
    address: company?.profile?.address || null,
    vat_number: company?.vat_number || null,
    currency: company?.currency ?? 'GBP',
  };
}

/**
 * The company's distributed labels whose statement settings run on a schedule (frequency set):
 * their distribution statements. A label of the company's own is not stated to itself.
 */
export async function scheduledLabels(tenantId: string): Promise<{ id: string; frequency: string }[]> {
  const labels = await db()
    .Label.query.byTenant({ tenantId })
    .go({ pages: 'all', attributes: ['labelId', 'distributed', 'statement_settings'] });
  return labels.data.flatMap((label) =>
    label.distributed && label.statement_settings?.frequency
      ? [{ id: label.labelId, frequency: label.statement_settings.frequency }]
      : [],
  );
}

/** The company's payees with statement settings that run on a schedule (frequency set). */
export async function scheduledPayees(tenantId: string): Promise<{ id: string; frequency: string }[]> {
  const payees = await db()
    .Payee.query.byTenant({ tenantId })
    .go({ pages: 'all', attributes: ['id', 'statement_settings'] });
  return payees.data.flatMap((payee) =>
    payee.statement_settings?.frequency ? [{ id: payee.id, frequency: payee.statement_settings.frequency }] : [],
  );
}
