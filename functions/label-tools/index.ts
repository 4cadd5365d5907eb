import { z } from 'zod';
import {
  noteCreate,
  noteUpdate,
  notebookQuery,
  todoListUpdate,
  todoTaskCreate,
  todoTaskUpdate,
} from '../../shared/schemas/label-tools.js';
import { releaseDefaultsInput } from '../../shared/schemas/smart-links.js';
import { idParams, operation, reply } from '../lib/http.js';
import * as notebooks from './notebooks.js';
import { labelSettings, updateLabelSettings } from './release-defaults.js';
import * as todos from './todo-lists.js';

/**
 * The label tools' calls (to-do list, notebook). They are catalogue work — the roles that
 * change labels change their tools — so the catalogue area serves them; this facade is what it imports.
 */
const listParams = z.strictObject({ id: z.string().min(1).max(80), listId: z.string().min(1).max(80) });

export const labelToolsOperations = {
  labelTodoList: operation('tenant', {
    params: idParams,
    run: ({ tenantId, params }) => todos.todoListOf(tenantId, params.id),
  }),
  createLabelTodoList: operation('tenant', {
    params: idParams,
    run: async ({ tenantId, params }) => {
      const { created, ...list } = await todos.createDefaultTodoList(tenantId, params.id);
      return created ? reply(201, { ...list, message: 'Default Todo List and Tasks created.' }) : list;
    },
  }),
  updateLabelTodoList: operation('tenant', {
    params: listParams,
    body: todoListUpdate,
    run: async ({ tenantId, params, body }) => ({
      todo_list: await todos.renameTodoList(tenantId, params.id, params.listId, body.todo_list.name),
      message: 'To-do list updated',
    }),
  }),
  createTodoTask: operation('tenant', {
    body: todoTaskCreate,
    run: async ({ tenantId, body }) =>
      reply(201, { todo_task: await todos.addTask(tenantId, body.id, body.todo_task), message: 'Task added' }),
  }),
  updateTodoTask: operation('tenant', {
    params: idParams,
    body: todoTaskUpdate,
    run: async ({ tenantId, params, body }) => ({
      todo_task: await todos.updateTask(tenantId, params.id, body.todo_task),
      message: 'Successfully Updated Task',
    }),
  }),
  deleteTodoTask: operation('tenant', {
    params: idParams,
    run: async ({ tenantId, params }) => {
      await todos.deleteTask(tenantId, params.id);
      return { message: 'Successfully Deleted Task' };
    },
  }),
  labelNotebook: operation('tenant', {
    params: idParams,
    query: notebookQuery,
    run: ({ tenantId, params, query }) => notebooks.notebookOf(tenantId, params.id, query.q, query.tag),
  }),
  createLabelNotebook: operation('tenant', {
    params: idParams,
    run: async ({ tenantId, params }) => {
      const { created, notebook } = await notebooks.createNotebook(tenantId, params.id);
      return created ? reply(201, { notebook, message: 'Label Notebook created' }) : { notebook };
    },
  }),
  createNote: operation('tenant', {
    body: noteCreate,
    run: async ({ tenantId, body }) =>
      reply(201, { note: await notebooks.addNote(tenantId, body.note), message: 'Note created' }),
  }),
  updateNote: operation('tenant', {
    params: idParams,
    body: noteUpdate,
    run: async ({ tenantId, params, body }) => ({
      note: await notebooks.updateNote(tenantId, params.id, body.note),
      message: 'Note updated',
    }),
  }),
  deleteNote: operation('tenant', {
    params: idParams,
    run: async ({ tenantId, params }) => {
      await notebooks.deleteNote(tenantId, params.id);
      return { message: 'Note deleted' };
    },
  }),
  labelReleaseDefaults: operation('tenant', {
    params: idParams,
    run: ({ tenantId, params }) => labelSettings(tenantId, params.id),
  }),
  updateLabelReleaseDefaults: operation('tenant', {
    params: idParams,
    body: releaseDefaultsInput,
    run: ({ tenantId, params, body }) => updateLabelSettings(tenantId, params.id, body),
  }),
};

/** The rows the tools keep, for other areas that keep notes and to-dos the same way (the CRM). */
export type { Note, TodoTask } from './tools-store.js';
export { releaseDefaultsFor } from './release-defaults.js';
