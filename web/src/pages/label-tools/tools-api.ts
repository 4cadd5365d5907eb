import { api } from '../../app/api';
import { useInvalidate } from '../../app/invalidate';
import { useApi } from '../../app/resources';

/** A label's to-do list and notebook as the API answers them (functions/label-tools). */
export type TodoTask = {
  id: string;
  body: string;
  done: boolean;
  due_date?: string | null;
  assignee_id?: string | null;
};
export type TodoListAnswer = {
  todo_list: { id: string; name: string } | null;
  todo_tasks: TodoTask[];
  assignees: { id: string; name: string }[];
};
export type Note = { id: string; title: string; content: string; tags: string[]; updated_at: string };
export type NotebookAnswer = { notebook: { id: string; name: string } | null; notes: Note[]; tags: string[] };
type Message = { message?: string };

const labelPath = (labelId: string, tool: string) => `/labels/${encodeURIComponent(labelId)}/${tool}`;

export const useTodoList = (labelId: string | null) =>
  useApi<TodoListAnswer>(labelId ? labelPath(labelId, 'todo_list') : null);

export function useNotebook(labelId: string | null, q: string, tag: string) {
  const query = new URLSearchParams({ ...(q ? { q } : {}), ...(tag ? { tag } : {}) }).toString();
  return useApi<NotebookAnswer>(labelId ? `${labelPath(labelId, 'notebook')}${query ? `?${query}` : ''}` : null, {
    keepPreviousData: true,
  });
}

/** Reloads every label's tools after a write. */
export const useRefreshTools = () => useInvalidate('/labels/');

export const toolsApi = {
  createTodoList: (labelId: string) => api.post<Message>(labelPath(labelId, 'todo_list')),
  renameTodoList: (labelId: string, listId: string, name: string) =>
    api.patch<Message>(`${labelPath(labelId, 'todo_list')}/${encodeURIComponent(listId)}`, { todo_list: { name } }),
  addTask: (listId: string, task: Partial<TodoTask>) =>
    api.post<Message>('/todo_tasks', { id: listId, todo_task: task }),
  updateTask: (id: string, task: Partial<TodoTask>) =>
    api.patch<Message>(`/todo_tasks/${encodeURIComponent(id)}`, { todo_task: task }),
  deleteTask: (id: string) => api.delete<Message>(`/todo_tasks/${encodeURIComponent(id)}`),
  createNotebook: (labelId: string) => api.post<Message>(labelPath(labelId, 'notebook')),
  addNote: (note: { notebook_id: string; title: string; content: string; tags: string[] }) =>
    api.post<Message>('/notes', { note }),
  updateNote: (id: string, note: { title: string; content: string; tags: string[] }) =>
    api.patch<Message>(`/notes/${encodeURIComponent(id)}`, { note }),
  deleteNote: (id: string) => api.delete<Message>(`/notes/${encodeURIComponent(id)}`),
};
