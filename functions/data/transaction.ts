import { Conflict } from '../lib/errors.js';
import { jitteredPause } from '../lib/jittered-pause.js';
import { transactionWritten } from './list-cache.js';
import { getDb, type Db } from './service.js';

/** The entities as a transaction hands them over: their writes answer `commit()` items. */
export type TransactionEntities = Parameters<Parameters<Db['transaction']['write']>[0]>[0];
/** One item of a write transaction. */
export type Commit = ReturnType<ReturnType<TransactionEntities['Label']['put']>['commit']>;

/**
 * Runs a DynamoDB transaction. ElectroDB reports a cancelled transaction instead of throwing;
 * this turns it into a 409 whose message comes from `conflicts[i]` for the item that was
 * rejected (e.g. the unique-value guard at index 1 → "Email has already been taken").
 */
export async function writeTransaction(
  build: (entities: TransactionEntities) => Commit[],
  conflicts: Record<number, { message: string; field?: string }> = {},
): Promise<void> {
  let items: Commit[] = [];
  const result = await getDb()
    .transaction.write(((entities: TransactionEntities) => (items = build(entities))) as never)
    .go();
  if (!result.canceled) return transactionWritten(items);
  const rejected = result.data.findIndex(
    (item: { rejected: boolean; code?: string }) => item.rejected && item.code === 'ConditionalCheckFailed',
  );
  const conflict = conflicts[rejected];
  if (conflict) {
    throw new Conflict(conflict.message, conflict.field ? { [conflict.field]: [conflict.message] } : undefined);
  }
  throw new Conflict('The record was changed by someone else; reload and try again');
}

/**
 * Runs a transaction whose conditions may refuse it (the record changed, or the work was done already): whether it
 * was written. A refusal is an answer here, not an error; anything else throws.
 */
export async function writtenUnlessRefused(build: (entities: TransactionEntities) => Commit[]): Promise<boolean> {
  try {
    await writeTransaction(build);
    return true;
  } catch (error) {
    if (error instanceof Conflict) return false;
    throw error;
  }
}

/** A transaction's answer as ElectroDB gives it: cancelled or not, with each item's code when cancelled. */
type TransactionAnswer = { canceled: boolean; data: ({ code?: string } | undefined)[] };

const CONFLICT_ATTEMPTS = 8;

/**
 * Runs a transaction again, after a short jittered wait, while DynamoDB cancels it only because another write was
 * under way on one of its items (TransactionConflict): a run's counters take one write from every account step,
 * and dozens of steps finish at once. A refused condition is an answer, not a conflict: it is returned at once, as
 * is the last answer when the conflicts go on (the caller reports it).
 */
export async function retriedOnConflict<T extends TransactionAnswer>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    const answer = await write();
    const conflictOnly =
      answer.canceled &&
      answer.data.some((item) => item?.code === 'TransactionConflict') &&
      !answer.data.some((item) => item?.code === 'ConditionalCheckFailed');
    if (!conflictOnly || attempt >= CONFLICT_ATTEMPTS) return answer;
    await jitteredPause(attempt);
  }
}
