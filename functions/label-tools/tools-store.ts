import { getLabel, labelsOf, patchLabelTools, type LabelToolsChanges } from '../data/access/labels.js';
import type { LabelItem } from '../data/entities/label.js';
import { Conflict, LOST_RACE_MESSAGE, NotFound } from '../lib/errors.js';

/** A task as a label's list keeps it: the same row a release's to-dos are. */
export type TodoTask = {
  id: string;
  body: string;
  done: boolean;
  due_date?: string | null;
  assignee_id?: string | null;
  created_at: string;
};
export type TodoList = { id: string; name: string; created_at: string };
export type Note = {
  id: string;
  title: string;
  content: string;
  tags: string[];
  created_at: string;
  updated_at: string;
};
export type Notebook = { id: string; name: string; created_at: string };

/** A label's tools as read from its item. */
export type LabelTools = {
  labelId: string;
  todo_list: TodoList | null;
  todo_tasks: TodoTask[];
  notebook: Notebook | null;
  notes: Note[];
};

const toolsOf = (label: LabelItem): LabelTools => ({
  labelId: label.labelId,
  todo_list: (label.todo_list as TodoList | undefined) ?? null,
  todo_tasks: (label.todo_tasks as TodoTask[] | undefined) ?? [],
  notebook: (label.notebook as Notebook | undefined) ?? null,
  notes: (label.notes as Note[] | undefined) ?? [],
});

/** One label's tools; 404 for a label that is not the company's. */
export async function readTools(tenantId: string, labelId: string): Promise<LabelTools> {
  const label = await getLabel(tenantId, labelId);
  if (!label) throw new NotFound('Label');
  return toolsOf(label);
}

/**
 * The company's label whose tools hold `test` (a task, a list, a note by its id). A company has
 * few labels, so reading them is cheaper than an index kept for every task and note.
 */
export async function findLabelTools(
  tenantId: string,
  test: (tools: LabelTools) => boolean,
  what: string,
): Promise<LabelTools> {
  const found = (await labelsOf(tenantId)).map(toolsOf).find(test);
  if (!found) throw new NotFound(what);
  return found;
}

/**
 * Reads a label's tools, lets `change` decide the new ones from them, and writes them on the
 * condition nobody wrote in between; on a lost race it reads again (three tries, then 409).
 */
export async function changeTools<T>(
  tenantId: string,
  labelId: string,
  change: (
    tools: LabelTools,
  ) => { changes: LabelToolsChanges; result: T } | Promise<{ changes: LabelToolsChanges; result: T }>,
): Promise<T> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const label = await getLabel(tenantId, labelId);
    if (!label) throw new NotFound('Label');
    const { changes, result } = await change(toolsOf(label));
    if (await patchLabelTools(tenantId, labelId, label.tools_revision, changes)) return result;
  }
  throw new Conflict(LOST_RACE_MESSAGE);
}
