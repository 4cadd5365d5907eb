import type { CreateLabel, LabelItem, UpdateLabel } from '../entities/label.js';
import { listsChanged, LISTS } from '../list-cache.js';
import { getDb } from '../service.js';
import { writeTransaction } from '../transaction.js';
import { isConditionFailed } from '../../lib/errors.js';

/**
 * Every query of labels, by name. Every write marks the company's label list and the
 * all-companies list changed in the same transaction, so cached lists stay current.
 */

const labels = () => getDb().entities.Label;
const labelLists = (tenantId: string) => [LISTS.tenantLabels(tenantId), LISTS.allLabels];

export async function getLabel(tenantId: string, labelId: string): Promise<LabelItem | null> {
  return (await labels().get({ tenantId, labelId }).go()).data;
}

/** A label of any company (admin calls), through its id index. */
export async function findLabelAnyTenant(labelId: string): Promise<LabelItem | null> {
  return (await labels().query.byId({ labelId }).go()).data[0] ?? null;
}

/** One company's labels. */
export async function labelsOf(tenantId: string): Promise<LabelItem[]> {
  return (await labels().query.byTenant({ tenantId }).go({ pages: 'all' })).data;
}

/** Whether the company has any label, reading at most one. */
export async function hasLabels(tenantId: string): Promise<boolean> {
  return (await labels().query.byTenant({ tenantId }).go({ limit: 1 })).data.length > 0;
}

/** Every company's labels (LabelsAdmin). */
export async function listAllLabels(): Promise<LabelItem[]> {
  return (await labels().query.all({}).go({ pages: 'all' })).data;
}

export async function createLabel(label: CreateLabel): Promise<void> {
  await writeTransaction(({ Label, ListVersion }) => [
    Label.create(label).commit(),
    ...listsChanged(ListVersion, labelLists(label.tenantId)),
  ]);
}

/** Sets fields of a label; `removeLogo` (and `removeContract`) remove its logo (contract) in the same write. */
export async function patchLabel(
  tenantId: string,
  labelId: string,
  changes: UpdateLabel,
  removeLogo = false,
  removeContract = false,
): Promise<void> {
  const removed = [...(removeLogo ? (['logo'] as const) : []), ...(removeContract ? (['contract'] as const) : [])];
  await writeTransaction(({ Label, ListVersion }) => [
    removed.length
      ? Label.patch({ tenantId, labelId }).set(changes).remove(removed).commit()
      : Label.patch({ tenantId, labelId }).set(changes).commit(),
    ...listsChanged(ListVersion, labelLists(tenantId)),
  ]);
}

export async function deleteLabel(tenantId: string, labelId: string): Promise<void> {
  await writeTransaction(({ Label, ListVersion }) => [
    Label.delete({ tenantId, labelId }).commit(),
    ...listsChanged(ListVersion, labelLists(tenantId)),
  ]);
}

/** The fields of a label's tools (to-do list and notebook), written together with their revision. */
export type LabelToolsChanges = Pick<UpdateLabel, 'todo_list' | 'todo_tasks' | 'notebook' | 'notes'>;

/**
 * Writes a label's tools if nobody changed them since `revision` was read (false otherwise, so the
 * caller reads again): a task ticked in one tab cannot erase a note saved in another.
 */
export async function patchLabelTools(
  tenantId: string,
  labelId: string,
  revision: number | undefined,
  changes: LabelToolsChanges,
): Promise<boolean> {
  try {
    await labels()
      .patch({ tenantId, labelId })
      .set({ ...changes, tools_revision: (revision ?? 0) + 1 })
      .where((attr, { eq, notExists }) =>
        revision === undefined ? notExists(attr.tools_revision) : eq(attr.tools_revision, revision),
      )
      .go();
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/** The names of a genre and a language a label's release defaults name by id (null: absent, or no such record). */
export async function defaultLinkNames(ids: { genreId?: string; languageId?: string }) {
  const db = getDb().entities;
  const [genre, language] = await Promise.all([
    ids.genreId ? db.Genre.get({ id: ids.genreId }).go() : null,
    ids.languageId ? db.Language.get({ id: ids.languageId }).go() : null,
  ]);
  return { genre: genre?.data?.name ?? null, language: language?.data?.name ?? null };
}
