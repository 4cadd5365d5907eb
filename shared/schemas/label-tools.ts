import { z } from 'zod';

/**
 * The label's own tools: its to-do list (the same task rows a release keeps) and its notebook.
 * Every text is bounded here, before any read or write.
 */

/** A task's body, on a label's list or a release's: never blank, at most this long. */
export const TODO_BODY_BLANK = 'Task Body must not be blank';
export const TODO_BODY_MAX = 2000;
const NOTE_CONTENT_MAX = 20_000;

/** A task's body: required, never only spaces; a missing one is blank too ("Task Body must not be blank"). */
const body = z.preprocess(
  (value) => value ?? '',
  z.string().trim().min(1, TODO_BODY_BLANK).max(TODO_BODY_MAX, `Task Body must be at most ${TODO_BODY_MAX} characters`),
);
const dueDate = z.union([z.literal(''), z.null(), z.iso.date('Due date must be a date (YYYY-MM-DD)')]);
/** The member the task is given to; the server checks they belong to the company. */
const assignee = z.union([z.literal(''), z.null(), z.string().trim().min(1).max(64)]);

export const taskFields = z.strictObject({
  body,
  due_date: dueDate.optional(),
  assignee_id: assignee.optional(),
  done: z.boolean().optional(),
});

/** POST /todo_tasks: `id` is the to-do list the task joins. */
export const todoTaskCreate = z.strictObject({ id: z.string().trim().min(1).max(80), todo_task: taskFields });
/** PATCH /todo_tasks/{id}: any of the fields; a body sent must still not be blank. */
export const todoTaskUpdate = z.strictObject({ todo_task: taskFields.partial() });
export type TodoTaskFields = z.infer<typeof taskFields>;

/** PATCH /labels/{todoable_id}/todo_list/{id}: the list's name. */
export const todoListUpdate = z.strictObject({
  todo_list: z.strictObject({ name: z.string().trim().min(1, 'Name must not be blank').max(120) }),
});

export const noteFields = z.strictObject({
  notebook_id: z.string().trim().min(1).max(80),
  title: z.string().trim().min(1, 'Title must not be blank').max(200),
  /** Plain or Markdown text, shown as text (never as HTML). */
  content: z.string().max(NOTE_CONTENT_MAX, `Content must be at most ${NOTE_CONTENT_MAX} characters`).optional(),
  tags: z.array(z.string().trim().min(1).max(40)).max(20, 'At most 20 tags').optional(),
});
/** POST /notes. */
export const noteCreate = z.strictObject({ note: noteFields });
/** PATCH /notes/{id}: the notebook a note is in does not change. */
export const noteUpdate = z.strictObject({ note: noteFields.omit({ notebook_id: true }).partial() });
export type NoteFields = z.infer<typeof noteFields>;

/** GET /labels/{id}/notebook?q=&tag=: the words looked for in titles, content and tags. */
export const notebookQuery = z.strictObject({
  q: z.string().trim().max(200).optional(),
  tag: z.string().trim().max(40).optional(),
});
