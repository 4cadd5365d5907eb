import {
  Entity,
  type CreateEntityItem,
  type EntityIdentifiers,
  type EntityItem,
  type UpdateEntityItem,
} from 'electrodb';
import { SERVICE } from './service-name.js';

const NOTICE_TYPES = ['announcement', 'news', 'maintenance'] as const;

/** A message admins send to chosen users. */
export const Notice = new Entity({
  model: { entity: 'notice', version: '1', service: SERVICE },
  attributes: {
    noticeId: { type: 'string', required: true },
    title: { type: 'string', required: true },
    content: { type: 'string', required: true },
    type_of: { type: NOTICE_TYPES, required: true, default: 'announcement' },
    readable: { type: 'boolean', default: true },
    /** Kept with the notice so the admin list needs no read of every recipient's copy. */
    recipients_count: { type: 'number', default: 0 },
    read_count: { type: 'number', default: 0 },
    createdAt: { type: 'string', readOnly: true, default: () => new Date().toISOString() },
    updatedAt: { type: 'string', watch: '*', set: () => new Date().toISOString() },
  },
  indexes: {
    byId: { pk: { field: 'pk', composite: ['noticeId'] }, sk: { field: 'sk', composite: [] } },
    all: { index: 'gsi1', pk: { field: 'gsi1pk', composite: [] }, sk: { field: 'gsi1sk', composite: ['noticeId'] } },
  },
});

/** A notice as one recipient has it: read or not. */
export const UserNotice = new Entity({
  model: { entity: 'userNotice', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true },
    noticeId: { type: 'string', required: true },
    read: { type: 'boolean', default: false },
    read_at: { type: 'string' },
  },
  indexes: {
    byUser: { pk: { field: 'pk', composite: ['userId'] }, sk: { field: 'sk', composite: ['noticeId'] } },
    byNotice: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['noticeId'] },
      sk: { field: 'gsi1sk', composite: ['userId'] },
    },
  },
});

export type NoticeItem = EntityItem<typeof Notice>;
export type CreateNotice = CreateEntityItem<typeof Notice>;
export type UpdateNotice = UpdateEntityItem<typeof Notice>;
export type NoticeIds = EntityIdentifiers<typeof Notice>;

export type UserNoticeItem = EntityItem<typeof UserNotice>;
export type CreateUserNotice = CreateEntityItem<typeof UserNotice>;
export type UpdateUserNotice = UpdateEntityItem<typeof UserNotice>;
export type UserNoticeIds = EntityIdentifiers<typeof UserNotice>;
