import type { TransactionEntities } from '../transaction.js';
import { LISTS, listsChanged } from '../list-cache.js';

type SequenceName = 'statement' | 'ledger';

/** A transaction item: the company's count `name` still says `value` (0: never moved, so it has no item yet). */
export function countStillAt(
  Sequence: TransactionEntities['Sequence'],
  tenantId: string,
  name: SequenceName,
  value: number,
) {
  return Sequence.check({ tenantId, name })
    .where((attr, op) => (value === 0 ? op.notExists(attr.value) : op.eq(attr.value, value)))
    .commit();
}

/**
 * What every write that may change a line a statement states (an edit, an import's delete, a re-match or new rates)
 * adds to its own transaction: the company's statement number still `statementsNumbered` (a statement numbered since
 * may carry the line), the ledger's count of changes moved (a run that computed its statements before this write
 * reserves no numbers on what it read), and the royalties list's version moved.
 */
export function ledgerChangeItems(
  { Sequence, ListVersion }: Pick<TransactionEntities, 'Sequence' | 'ListVersion'>,
  tenantId: string,
  statementsNumbered: number,
) {
  return [
    countStillAt(Sequence, tenantId, 'statement', statementsNumbered),
    Sequence.update({ tenantId, name: 'ledger' }).add({ value: 1 }).commit(),
    ...listsChanged(ListVersion, [LISTS.royalties(tenantId)]),
  ];
}
