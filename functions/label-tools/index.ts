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
import { labelSettings, updateLabelSettings } from './release-defaults.js';
import {
  albumEpPitch,
  calendarQuery,
  marketingSettings,
  officialVideoPitch,
  requestMove,
  singlePitch,
  soundcloudWhitelist,
  youtubeClaim,
} from '../../shared/schemas/label-requests.js';
import { LABEL_REQUEST_STATUSES } from '../data/entities/label-requests.js';
import { idParams, operation, reply, textReply } from '../lib/http.js';
import { messageResponse } from '../../shared/schemas/responses.js';
import * as answers from '../../shared/schemas/responses-labels.js';
import { calendarEvents } from './calendar.js';
import * as feeds from './calendar-feed.js';
import * as notebooks from './notebooks.js';
import * as requests from './requests.js';
import * as todos from './todo-lists.js';

const feedParams = z.strictObject({ token: z.string().min(1).max(100) });
const queueQuery = z.strictObject({ status: z.enum(LABEL_REQUEST_STATUSES).optional() });
const sender = ({ tenantId, caller }: { tenantId: string; caller: { user: { userId: string } } }) => ({
  tenantId,
  userId: caller.user.userId,
});

/**
 * The label tools' calls (to-do list, notebook, calendar and its feed, and the requests the distributor's team
 * works through: whitelisting, YouTube claims, marketing pitches). They are catalogue work — the roles that
 * change labels change their tools — so the catalogue area serves them; this facade is what it imports.
 */
const listParams = z.strictObject({ id: z.string().min(1).max(80), listId: z.string().min(1).max(80) });

export const labelToolsOperations = {
  labelTodoList: operation('tenant', {
    response: answers.todoListResponse,
    params: idParams,
    run: ({ tenantId, params }) => todos.todoListOf(tenantId, params.id),
  }),
  createLabelTodoList: operation('tenant', {
    response: answers.todoListMadeResponse,
    params: idParams,
    run: async ({ tenantId, params }) => {
      const { created, ...list } = await todos.createDefaultTodoList(tenantId, params.id);
      return created ? reply(201, { ...list, message: 'Default Todo List and Tasks created.' }) : list;
    },
  }),
  updateLabelTodoList: operation('tenant', {
    response: answers.todoListSavedResponse,
    params: listParams,
    body: todoListUpdate,
    run: async ({ tenantId, params, body }) => ({
      todo_list: await todos.renameTodoList(tenantId, params.id, params.listId, body.todo_list.name),
      message: 'To-do list updated',
    }),
  }),
  createTodoTask: operation('tenant', {
    response: answers.todoTaskSavedResponse,
    body: todoTaskCreate,
    run: async ({ tenantId, body }) =>
      reply(201, { todo_task: await todos.addTask(tenantId, body.id, body.todo_task), message: 'Task added' }),
  }),
  updateTodoTask: operation('tenant', {
    response: answers.todoTaskSavedResponse,
    params: idParams,
    body: todoTaskUpdate,
    run: async ({ tenantId, params, body }) => ({
      todo_task: await todos.updateTask(tenantId, params.id, body.todo_task),
      message: 'Successfully Updated Task',
    }),
  }),
  deleteTodoTask: operation('tenant', {
    response: messageResponse,
    params: idParams,
    run: async ({ tenantId, params }) => {
      await todos.deleteTask(tenantId, params.id);
      return { message: 'Successfully Deleted Task' };
    },
  }),
  labelNotebook: operation('tenant', {
    response: answers.notebookResponse,
    params: idParams,
    query: notebookQuery,
    run: ({ tenantId, params, query }) => notebooks.notebookOf(tenantId, params.id, query.q, query.tag),
  }),
  createLabelNotebook: operation('tenant', {
    response: answers.notebookMadeResponse,
    params: idParams,
    run: async ({ tenantId, params }) => {
      const { created, notebook } = await notebooks.createNotebook(tenantId, params.id);
      return created ? reply(201, { notebook, message: 'Label Notebook created' }) : { notebook };
    },
  }),
  createNote: operation('tenant', {
    response: answers.noteSavedResponse,
    body: noteCreate,
    run: async ({ tenantId, body }) =>
      reply(201, { note: await notebooks.addNote(tenantId, body.note), message: 'Note created' }),
  }),
  updateNote: operation('tenant', {
    response: answers.noteSavedResponse,
    params: idParams,
    body: noteUpdate,
    run: async ({ tenantId, params, body }) => ({
      note: await notebooks.updateNote(tenantId, params.id, body.note),
      message: 'Note updated',
    }),
  }),
  deleteNote: operation('tenant', {
    response: messageResponse,
    params: idParams,
    run: async ({ tenantId, params }) => {
      await notebooks.deleteNote(tenantId, params.id);
      return { message: 'Note deleted' };
    },
  }),
  labelReleaseDefaults: operation('tenant', {
    response: answers.labelSettingsResponse,
    params: idParams,
    run: ({ tenantId, params }) => labelSettings(tenantId, params.id),
  }),
  updateLabelReleaseDefaults: operation('tenant', {
    response: answers.labelSettingsResponse,
    params: idParams,
    body: releaseDefaultsInput,
    run: ({ tenantId, params, body }) => updateLabelSettings(tenantId, params.id, body),
  }),
  labelCalendar: operation('tenant', {
    response: answers.calendarResponse,
    query: calendarQuery,
    run: async ({ tenantId, query }) => ({ events: await calendarEvents(tenantId, query) }),
  }),
  calendarFeedState: operation('tenant', {
    response: answers.calendarFeedStateResponse,
    run: ({ tenantId, caller }) => feeds.feedState(caller.user.userId, tenantId),
  }),
  createCalendarFeed: operation('tenant', {
    response: answers.calendarFeedMadeResponse,
    run: async ({ tenantId, caller }) =>
      reply(201, { ...(await feeds.makeFeed(caller.user.userId, tenantId)), message: 'Calendar feed link made' }),
  }),
  revokeCalendarFeed: operation('tenant', {
    response: messageResponse,
    run: async ({ tenantId, caller }) => {
      await feeds.revokeFeeds(caller.user.userId, tenantId);
      return { message: 'Calendar feed link revoked' };
    },
  }),
  calendarFeed: operation('public', {
    params: feedParams,
    run: async ({ params }) => textReply(await feeds.feedCalendar(params.token), 'text/calendar; charset=utf-8'),
  }),
  soundcloudWhitelist: operation('tenant', {
    response: answers.labelRequestSentResponse,
    body: soundcloudWhitelist,
    run: async (context) => {
      const request = await requests.sendSoundcloudWhitelist(sender(context), context.body.form);
      return reply(201, { request, message: 'Your SoundCloud whitelist request was sent' });
    },
  }),
  youtubeClaim: operation('tenant', {
    response: answers.labelRequestSentResponse,
    body: youtubeClaim,
    run: async (context) => {
      const request = await requests.sendYoutubeClaim(sender(context), context.body.form);
      return reply(201, { request, message: 'Your YouTube claim request was sent' });
    },
  }),
  albumEpPitch: operation('tenant', {
    response: answers.labelRequestSentResponse,
    body: albumEpPitch,
    run: async (context) => {
      const request = await requests.sendPitch(sender(context), 'album_ep', context.body.form);
      return reply(201, { request, message: 'Your album/EP pitch was sent' });
    },
  }),
  singlePitch: operation('tenant', {
    response: answers.labelRequestSentResponse,
    body: singlePitch,
    run: async (context) => {
      const request = await requests.sendPitch(sender(context), 'single', context.body.form);
      return reply(201, { request, message: 'Your single pitch was sent' });
    },
  }),
  officialVideoPitch: operation('tenant', {
    response: answers.labelRequestSentResponse,
    body: officialVideoPitch,
    run: async (context) => {
      const request = await requests.sendPitch(sender(context), 'official_video', context.body.form);
      return reply(201, { request, message: 'Your official video pitch was sent' });
    },
  }),
  pitchReleaseTracks: operation('tenant', {
    response: answers.pitchTracksResponse,
    params: idParams,
    run: async ({ tenantId, params }) => ({ tracks: await requests.pitchTracks(tenantId, params.id) }),
  }),
  marketingRequests: operation('tenant', {
    response: answers.labelRequestsResponse,
    run: async ({ tenantId }) => ({
      requests: await requests.requestsOf(tenantId),
      lead_weeks: await requests.leadWeeks(),
    }),
  }),
  marketingQueue: operation('admin', {
    response: answers.requestQueueResponse,
    query: queueQuery,
    run: async ({ query }) => ({ requests: await requests.queue(query.status) }),
  }),
  moveMarketingRequest: operation('admin', {
    response: answers.labelRequestSentResponse,
    params: idParams,
    body: requestMove,
    run: async ({ params, body }) => ({
      request: await requests.moveOn(params.id, body.status, body.reason),
      message: 'Request updated',
    }),
  }),
  marketingSettings: operation('admin', {
    response: answers.leadWeeksResponse,
    run: async () => ({ lead_weeks: await requests.leadWeeks() }),
  }),
  updateMarketingSettings: operation('admin', {
    response: answers.leadWeeksResponse,
    body: marketingSettings,
    run: async ({ body }) => {
      await requests.setLeadWeeks(body.lead_weeks);
      return { lead_weeks: body.lead_weeks, message: 'Marketing settings saved' };
    },
  }),
};

/** The rows the tools keep, for other areas that keep notes and to-dos the same way (the CRM). */
export type { Note, TodoTask } from './tools-store.js';
export { releaseDefaultsFor } from './release-defaults.js';
