import { CustomAttributeType, Entity, type EntityItem } from 'electrodb';
import { SERVICE } from './service-name.js';
import { timestamps } from './timestamps.js';

/** What a label asks the distributor's team for: whitelisting, YouTube claims and marketing pitches. */
const LABEL_REQUEST_KINDS = ['soundcloud_whitelist', 'youtube_claim', 'album_ep', 'single', 'official_video'] as const;
export type LabelRequestKind = (typeof LABEL_REQUEST_KINDS)[number];

/** new → in_progress → done or refused (with a reason); done and refused are final. */
export const LABEL_REQUEST_STATUSES = ['new', 'in_progress', 'done', 'refused'] as const;
export type LabelRequestStatus = (typeof LABEL_REQUEST_STATUSES)[number];

/** One request in the distribution team's queue, kept under the company that sent it. */
export const LabelRequest = new Entity({
  model: { entity: 'labelRequest', version: '1', service: SERVICE },
  attributes: {
    tenantId: { type: 'string', required: true },
    id: { type: 'string', required: true },
    kind: { type: LABEL_REQUEST_KINDS, required: true },
    status: { type: LABEL_REQUEST_STATUSES, required: true },
    label_id: { type: 'string', required: true },
    label_name: { type: 'string', required: true },
    /** One line the queue and the label's list show: the release, the videos or the accounts asked about. */
    summary: { type: 'string', required: true },
    /** The form as sent, checked (its shape depends on `kind`). */
    details: { type: CustomAttributeType<Record<string, unknown>>('any'), required: true },
    reason: { type: 'string' },
    sent_by: { type: 'string', required: true },
    company_name: { type: 'string' },
    ...timestamps,
  },
  indexes: {
    byTenant: { pk: { field: 'pk', composite: ['tenantId'] }, sk: { field: 'sk', composite: ['id'] } },
    /** The distribution team's queue: every company's requests. */
    queue: { index: 'gsi1', pk: { field: 'gsi1pk', composite: [] }, sk: { field: 'gsi1sk', composite: ['id'] } },
    /** The queue knows only a request's id. */
    byId: { index: 'gsi2', pk: { field: 'gsi2pk', composite: ['id'] }, sk: { field: 'gsi2sk', composite: [] } },
  },
});
export type LabelRequestItem = EntityItem<typeof LabelRequest>;

/**
 * A user's calendar feed link in one company. Only the secret's hash is kept: the link is shown once when made,
 * and deleting the row revokes it.
 */
export const CalendarFeed = new Entity({
  model: { entity: 'calendarFeed', version: '1', service: SERVICE },
  attributes: {
    tokenHash: { type: 'string', required: true },
    userId: { type: 'string', required: true },
    tenantId: { type: 'string', required: true },
    ...timestamps,
  },
  indexes: {
    byToken: { pk: { field: 'pk', composite: ['tokenHash'] }, sk: { field: 'sk', composite: [] } },
    byUser: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['userId', 'tenantId'] },
      sk: { field: 'gsi1sk', composite: ['tokenHash'] },
    },
  },
});

/** The distributor's marketing settings (one row): how many weeks before release a pitch must arrive. */
export const MarketingSettings = new Entity({
  model: { entity: 'marketingSettings', version: '1', service: SERVICE },
  attributes: {
    lead_weeks: { type: 'number', required: true },
    ...timestamps,
  },
  indexes: { one: { pk: { field: 'pk', composite: [] }, sk: { field: 'sk', composite: [] } } },
});
