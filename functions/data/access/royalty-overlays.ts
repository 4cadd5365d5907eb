import type {
  CreateManualRoyalty,
  CreateRoyaltyEdit,
  CreateRoyaltyStateRule,
  ManualRoyaltyItem,
  RoyaltyEditItem,
  RoyaltyStateRuleItem,
} from '../entities/royalty-overlays.js';
import { MANUAL_PREFIX } from '../entities/royalty-overlays.js';
import { getDb } from '../service.js';
import { ledgerChangeItems } from './ledger-guard.js';

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

/** The edits of one import's lines (their ids are `{import_id}-{line}`). */
export async function editsOfImport(tenantId: string, importId: string): Promise<RoyaltyEditItem[]> {
  return (
    await getDb()
      .entities.RoyaltyEdit.query.byTenant({ tenantId })
      .begins({ id: `${importId}-` })
      .go({ pages: 'all' })
  ).data;
}

export async function putManualRoyalty(sale: CreateManualRoyalty): Promise<void> {
  await getDb().entities.ManualRoyalty.put(sale).go();
}

/**
 * Holds a licence's manual lines for its refund: each is marked as taken back by the licence, in a conditional write
 * on the line, before the refund reads them. An edit racing the refund either lands before the mark (and is taken
 * back as edited) or is refused after it (`putEditsWhileUnstated` checks the mark in the edit's own transaction). A
 * repeated refund (a retry after a crash between the marks and the refund's write) finds its own marks and carries
 * on; a line another licence's refund holds is refused.
 */
export async function holdLinesForLicenceRefund(
  tenantId: string,
  ids: readonly string[],
  licenceId: string,
): Promise<void> {
  await Promise.all(
    ids.map((id) =>
      getDb()
        .entities.ManualRoyalty.patch({ tenantId, id })
        .set({ licence_refund: licenceId })
        .where(
          ({ licence_refund }, { notExists, eq }) => `${notExists(licence_refund)} OR ${eq(licence_refund, licenceId)}`,
        )
        .go(),
    ),
  );
}

/** The licences whose refunds hold any of these manual lines (one per held line). */
export async function licenceRefundsOf(tenantId: string, ids: readonly string[]): Promise<string[]> {
  if (!ids.length) return [];
  const found = await getDb()
    .entities.ManualRoyalty.get(ids.map((id) => ({ tenantId, id })))
    .go({ attributes: ['id', 'licence_refund'] });
  return found.data.flatMap((line) => (line.licence_refund ? [line.licence_refund] : []));
}

/** How a guarded edit ended: written, refused for a line a licence's refund holds, or a statement numbered meanwhile. */
export type GuardedEditResult = 'written' | 'held' | 'statements-changed';

/**
 * Writes line edits only while the company has numbered exactly `statementsNumbered` statements:
 * the caller found the lines on no published statement when that was the count, so a statement
 * published meanwhile (which may carry them) refuses the edit, and the caller looks again. In the same
 * transaction each manual line edited must not be held by a licence's refund (`holdLinesForLicenceRefund`), except
 * by `heldBy` (a licence deleting its own lines, the payment and its reversal together).
 * At most 100 items: the edits, one check per manual line among them, the statement count's check and the ledger's
 * count of changes.
 */
export async function putEditsWhileUnstated(
  edits: CreateRoyaltyEdit[],
  statementsNumbered: number,
  heldBy?: string,
): Promise<GuardedEditResult> {
  const [first] = edits;
  if (!first) return 'written';
  const { tenantId } = first;
  const manualIds = edits.map((edit) => edit.id).filter((id) => id.startsWith(MANUAL_PREFIX));
  const result = await getDb()
    .transaction.write(({ RoyaltyEdit, Sequence, ManualRoyalty, ListVersion }) => [
      ...edits.map((edit) => RoyaltyEdit.put(edit).commit()),
      ...manualIds.map((id) =>
        ManualRoyalty.check({ tenantId, id })
          .where(({ licence_refund }, { notExists, eq }) =>
            heldBy ? `${notExists(licence_refund)} OR ${eq(licence_refund, heldBy)}` : notExists(licence_refund),
          )
          .commit(),
      ),
      ...ledgerChangeItems({ Sequence, ListVersion }, tenantId, statementsNumbered),
    ])
    .go();
  if (!result.canceled) return 'written';
  const outcomes = result.data as readonly { code?: string }[];
  const manualChecks = outcomes.slice(edits.length, edits.length + manualIds.length);
  return manualChecks.some((check) => check.code === 'ConditionalCheckFailed') ? 'held' : 'statements-changed';
}

/** The transaction items an edit costs: itself, and the refund check of a manual line. */
export const editWriteCost = (edit: Pick<CreateRoyaltyEdit, 'id'>) => (edit.id.startsWith(MANUAL_PREFIX) ? 2 : 1);
