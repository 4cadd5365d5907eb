import { Conflict } from '../lib/errors.js';
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
  const result = await getDb()
    .transaction.write(build as never)
    .go();
  if (!result.canceled) return;
  const rejected = result.data.findIndex(
    (item: { rejected: boolean; code?: string }) => item.rejected && item.code === 'ConditionalCheckFailed',
  );
  const conflict = conflicts[rejected];
  if (conflict) {
    throw new Conflict(conflict.message, conflict.field ? { [conflict.field]: [conflict.message] } : undefined);
  }
  throw new Conflict('The record was changed by someone else; reload and try again');
}
