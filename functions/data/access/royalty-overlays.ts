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

/** Replaces a line's edit (its fields, emptied columns, or its deletion). */
export async function putEdit(edit: CreateRoyaltyEdit): Promise<void> {
  await getDb().entities.RoyaltyEdit.put(edit).go();
}

export async function putManualRoyalty(sale: CreateManualRoyalty): Promise<void> {
  await getDb().entities.ManualRoyalty.put(sale).go();
}
