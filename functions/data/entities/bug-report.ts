import {
  Entity,
  type CreateEntityItem,
  type EntityIdentifiers,
  type EntityItem,
  type UpdateEntityItem,
} from 'electrodb';
import { SERVICE } from './service-name.js';

/** Reports start as reported; the other states are not used yet. */
const BUG_REPORT_STATUSES = ['reported'] as const;

/** A problem a user reports from the Bugs page, with the page they were on. */
export const BugReport = new Entity({
  model: { entity: 'bugReport', version: '1', service: SERVICE },
  attributes: {
    bugReportId: { type: 'string', required: true },
    userId: { type: 'string', required: true },
    description: { type: 'string', required: true },
    referer: { type: 'string' },
    status: { type: BUG_REPORT_STATUSES, required: true, default: 'reported' },
    createdAt: { type: 'string', readOnly: true, default: () => new Date().toISOString() },
  },
  indexes: {
    byId: { pk: { field: 'pk', composite: ['bugReportId'] }, sk: { field: 'sk', composite: [] } },
    all: { index: 'gsi1', pk: { field: 'gsi1pk', composite: [] }, sk: { field: 'gsi1sk', composite: ['bugReportId'] } },
    byUser: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['userId'] },
      sk: { field: 'gsi2sk', composite: ['bugReportId'] },
    },
  },
});

export type BugReportItem = EntityItem<typeof BugReport>;
export type CreateBugReport = CreateEntityItem<typeof BugReport>;
export type UpdateBugReport = UpdateEntityItem<typeof BugReport>;
export type BugReportIds = EntityIdentifiers<typeof BugReport>;
