import type {
  CreateManualRoyalty,
  CreateRoyaltyEdit,
  CreateRoyaltyStateRule,
  ManualRoyaltyItem,
  RoyaltyEditItem,
  RoyaltyStateRuleItem,
} from '../entities/royalty-overlays.js';
import { getDb } from '../service.js';

/** The changes users make on top of the royalty ledger: paid-state rules, line edits, manual sales. */
export async function listOverlays(
  tenantId: string,
): Promise<{ rules: RoyaltyStateRuleItem[]; edits: RoyaltyEditItem[]; manual: ManualRoyaltyItem[] }> {
  const db = getDb().entities;
  const [rules, edits, manual] = await Promise.all([
    db.RoyaltyStateRule.query.byTenant({ tenantId }).go({ pages: 'all' }),
    db.RoyaltyEdit.query.byTenant({ tenantId }).go({ pages: 'all' }),
    db.ManualRoyalty.query.byTenant({ tenantId }).go({ pages: 'all' }),
  ]);
  return { rules: rules.data, edits: edits.data, manual: manual.data };
}

export async function putStateRule(rule: CreateRoyaltyStateRule): Promise<void> {
  await getDb().entities.RoyaltyStateRule.put(rule).go();
}

export async function getEdit(tenantId: string, id: string): Promise<RoyaltyEditItem | null> {
  return (await getDb().entities.RoyaltyEdit.get({ tenantId, id }).go()).data;
}

export async function putManualRoyalty(sale: CreateManualRoyalty): Promise<void> {
  await getDb().entities.ManualRoyalty.put(sale).go();
}

/**
 * Writes line edits only while the company has numbered exactly `statementsNumbered` statements:
 * the caller found the lines on no published statement when that was the count, so a statement
 * published meanwhile (which may carry them) refuses the edit, and the caller looks again.
 * Whether the edits were written (at most 99, one transaction).
 */
export async function putEditsWhileUnstated(edits: CreateRoyaltyEdit[], statementsNumbered: number): Promise<boolean> {
  const [first] = edits;
  if (!first) return true;
  const { tenantId } = first;
  const result = await getDb()
    .transaction.write(({ RoyaltyEdit, Sequence }) => [
      ...edits.map((edit) => RoyaltyEdit.put(edit).commit()),
      Sequence.check({ tenantId, name: 'statement' })
        .where((attr, op) =>
          statementsNumbered === 0 ? op.notExists(attr.value) : op.eq(attr.value, statementsNumbered),
        )
        .commit(),
    ])
    .go();
  return !result.canceled;
}
