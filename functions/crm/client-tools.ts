import { ulid } from 'ulid';
import type { z } from 'zod';
import type { crmNoteCreate, crmTaskCreate, crmTaskUpdate } from '../../shared/schemas/crm.js';
import { membershipRole } from '../data/access/companies.js';
import type { Note, TodoTask } from '../label-tools/index.js';
import type { Caller } from '../lib/auth-context.js';
import { InvalidField, NotFound } from '../lib/errors.js';
import { changeClient } from './clients.js';

/**
 * A client's notes and to-dos: the same rows a label's notebook and to-do list keep (the label
 * tools' models), held on the client's CRM record. A task is given to one of the distributor's members.
 */

type NoteInput = z.infer<typeof crmNoteCreate>['note'];
type TaskInput = z.infer<typeof crmTaskCreate>['todo_task'];
type TaskChanges = z.infer<typeof crmTaskUpdate>['todo_task'];

async function requireAssignee(distributorId: string, assignee: string | null | undefined) {
  if (assignee && !(await membershipRole(assignee, distributorId)))
    throw new InvalidField('todo_task.assignee_id', 'Assignee must be a member of your company');
}

export async function addClientNote(caller: Caller, distributorId: string, companyId: string, input: NoteInput) {
  return changeClient(caller, distributorId, companyId, async (client) => {
    const now = new Date().toISOString();
    const note: Note = {
      id: ulid(),
      title: input.title,
      content: input.content ?? '',
      tags: [...new Set(input.tags ?? [])],
      created_at: now,
      updated_at: now,
    };
    return {
      changes: { notes: [...((client.notes as Note[] | undefined) ?? []), note] },
      lines: [`Note added: ${note.title}`],
      result: note,
    };
  });
}

export async function addClientTask(caller: Caller, distributorId: string, companyId: string, input: TaskInput) {
  await requireAssignee(distributorId, input.assignee_id);
  return changeClient(caller, distributorId, companyId, async (client) => {
    const task: TodoTask = {
      id: ulid(),
      body: input.body,
      done: input.done ?? false,
      due_date: input.due_date || null,
      assignee_id: input.assignee_id || null,
      created_at: new Date().toISOString(),
    };
    return {
      changes: { todo_tasks: [...((client.todo_tasks as TodoTask[] | undefined) ?? []), task] },
      lines: [`To-do added: ${task.body}`],
      result: task,
    };
  });
}

export async function updateClientTask(
  caller: Caller,
  distributorId: string,
  companyId: string,
  taskId: string,
  input: TaskChanges,
) {
  await requireAssignee(distributorId, input.assignee_id);
  return changeClient(caller, distributorId, companyId, async (client) => {
    const tasks = (client.todo_tasks as TodoTask[] | undefined) ?? [];
    const before = tasks.find((t) => t.id === taskId);
    if (!before) throw new NotFound('Task');
    const task: TodoTask = {
      ...before,
      ...(input.body !== undefined ? { body: input.body } : {}),
      ...(input.done !== undefined ? { done: input.done } : {}),
      ...(input.due_date !== undefined ? { due_date: input.due_date || null } : {}),
      ...(input.assignee_id !== undefined ? { assignee_id: input.assignee_id || null } : {}),
    };
    const lines = task.done && !before.done ? [`To-do done: ${task.body}`] : [];
    return { changes: { todo_tasks: tasks.map((t) => (t.id === taskId ? task : t)) }, lines, result: task };
  });
}
