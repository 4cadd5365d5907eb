import { ulid } from 'ulid';
import type { TodoTaskFields } from '../../shared/schemas/label-tools.js';
import { membersOf } from '../data/access/companies.js';
import { getUsers } from '../data/access/users.js';
import { InvalidField, NotFound } from '../lib/errors.js';
import { changeTools, findLabelTools, readTools, type TodoList, type TodoTask } from './tools-store.js';

/**
 * A label's to-do list: one list per label, its tasks kept on the label like a release keeps its
 * to-dos. A new list starts with the tasks every new label has ahead of it.
 */
const DEFAULT_TODO_LIST_NAME = 'To-do list';
const DEFAULT_TODO_TASKS = [
  'Upload the label’s logo',
  'Add the label’s distribution agreement',
  'Choose the label’s statement settings',
  'Add the label’s first release',
] as const;

/** The company's members a task may be given to, by name. */
async function assignees(tenantId: string): Promise<{ id: string; name: string }[]> {
  const members = await membersOf(tenantId);
  const users = await getUsers(members.map((m) => m.userId));
  return users.map((u) => ({ id: u.userId, name: u.name || u.email })).sort((a, b) => a.name.localeCompare(b.name));
}

/** An assignee must be a member of the company: anyone else is refused, naming the field. */
async function checkAssignee(tenantId: string, assigneeId: string | null | undefined) {
  if (!assigneeId) return;
  const members = await membersOf(tenantId);
  if (!members.some((m) => m.userId === assigneeId))
    throw new InvalidField('todo_task.assignee_id', 'Assignee must be a member of this company');
}

/** The label's list, its tasks (oldest first) and who tasks may be given to. */
export async function todoListOf(tenantId: string, labelId: string) {
  const tools = await readTools(tenantId, labelId);
  return { todo_list: tools.todo_list, todo_tasks: tools.todo_tasks, assignees: await assignees(tenantId) };
}

/**
 * Gives the label its default list and tasks. Asked twice (a double click, a retried request),
 * the second answer is the list the first made: never a second set of tasks.
 */
export async function createDefaultTodoList(tenantId: string, labelId: string) {
  return changeTools(tenantId, labelId, (tools) => {
    if (tools.todo_list)
      return { changes: {}, result: { created: false, todo_list: tools.todo_list, todo_tasks: tools.todo_tasks } };
    const now = new Date().toISOString();
    const todo_list: TodoList = { id: ulid(), name: DEFAULT_TODO_LIST_NAME, created_at: now };
    const todo_tasks: TodoTask[] = DEFAULT_TODO_TASKS.map((body) => ({
      id: ulid(),
      body,
      done: false,
      created_at: now,
    }));
    return { changes: { todo_list, todo_tasks }, result: { created: true, todo_list, todo_tasks } };
  });
}

export async function renameTodoList(tenantId: string, labelId: string, listId: string, name: string) {
  return changeTools(tenantId, labelId, (tools) => {
    if (tools.todo_list?.id !== listId) throw new NotFound('To-do list');
    const todo_list = { ...tools.todo_list, name };
    return { changes: { todo_list }, result: todo_list };
  });
}

const stored = (fields: Partial<TodoTaskFields>) => ({
  ...(fields.body !== undefined ? { body: fields.body } : {}),
  ...(fields.done !== undefined ? { done: fields.done } : {}),
  ...(fields.due_date !== undefined ? { due_date: fields.due_date || null } : {}),
  ...(fields.assignee_id !== undefined ? { assignee_id: fields.assignee_id || null } : {}),
});

/** Adds a task to the list `listId` (of whichever of the company's labels holds it). */
export async function addTask(tenantId: string, listId: string, fields: TodoTaskFields): Promise<TodoTask> {
  await checkAssignee(tenantId, fields.assignee_id);
  const holder = await findLabelTools(tenantId, (t) => t.todo_list?.id === listId, 'To-do list');
  return changeTools(tenantId, holder.labelId, (tools) => {
    if (tools.todo_list?.id !== listId) throw new NotFound('To-do list');
    const task: TodoTask = {
      id: ulid(),
      done: false,
      created_at: new Date().toISOString(),
      ...stored(fields),
    } as TodoTask;
    return { changes: { todo_tasks: [...tools.todo_tasks, task] }, result: task };
  });
}

const holdsTask = (taskId: string) => (tools: { todo_tasks: TodoTask[] }) =>
  tools.todo_tasks.some((t) => t.id === taskId);

export async function updateTask(tenantId: string, taskId: string, fields: Partial<TodoTaskFields>): Promise<TodoTask> {
  await checkAssignee(tenantId, fields.assignee_id);
  const holder = await findLabelTools(tenantId, holdsTask(taskId), 'Task');
  return changeTools(tenantId, holder.labelId, (tools) => {
    const task = tools.todo_tasks.find((t) => t.id === taskId);
    if (!task) throw new NotFound('Task');
    const updated = { ...task, ...stored(fields) };
    return { changes: { todo_tasks: tools.todo_tasks.map((t) => (t.id === taskId ? updated : t)) }, result: updated };
  });
}

export async function deleteTask(tenantId: string, taskId: string): Promise<void> {
  const holder = await findLabelTools(tenantId, holdsTask(taskId), 'Task');
  await changeTools(tenantId, holder.labelId, (tools) => {
    if (!holdsTask(taskId)(tools)) throw new NotFound('Task');
    return { changes: { todo_tasks: tools.todo_tasks.filter((t) => t.id !== taskId) }, result: undefined };
  });
}
