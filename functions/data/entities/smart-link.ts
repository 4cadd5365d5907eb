import { Entity, type EntityItem } from 'electrodb';
import { SERVICE } from './service-name.js';
import { timestamps } from './timestamps.js';

/** One store button of a smart link: its URL as entered (else the store's known pattern), per territory where it differs. */
export type SmartLinkStore = {
  key: string;
  name: string;
  dsp_id?: string | null;
  url?: string | null;
  territory_urls?: { territory: string; url: string }[];
};

/**
 * A smart link: one short public address for a release (or one recording) with a button per store.
 * The public page knows only the slug, so the slug index finds the link (and its company) in one read.
 */
export const SmartLink = new Entity({
  model: { entity: 'smartLink', version: '1', service: SERVICE },
  attributes: {
    tenantId: { type: 'string', required: true },
    id: { type: 'string', required: true },
    slug: { type: 'string', required: true },
    release_id: { type: 'string', required: true },
    recording_id: { type: 'string' },
    label_id: { type: 'string' },
    title: { type: 'string', required: true },
    artists: { type: 'string' },
    /** The UPC (release) or ISRC (recording) the stores' known search patterns are built from. */
    code: { type: 'string', required: true },
    release_date: { type: 'string' },
    /** The store key the link sends visitors straight to, or absent for the page with every button. */
    auto_redirect: { type: 'string' },
    stores: { type: 'any', required: true },
    ...timestamps,
  },
  indexes: {
    byTenant: { pk: { field: 'pk', composite: ['tenantId'] }, sk: { field: 'sk', composite: ['id'] } },
    bySlug: { index: 'gsi2', pk: { field: 'gsi2pk', composite: ['slug'] }, sk: { field: 'gsi2sk', composite: [] } },
  },
});

/**
 * A link's clicks on one day (UTC): written only with ADD on counters named by what they count
 * (`n` every click, `s#<store>`, `c#<country>`, `d#<device>`, `r#<referrer>`), so one UpdateItem counts a
 * click on every dimension at once and two clicks at the same moment are both counted. This entity only
 * names the keys; the counters are read and written raw (their names are data, not declared attributes).
 */
export const SmartLinkClickDay = new Entity({
  model: { entity: 'smartLinkClickDay', version: '1', service: SERVICE },
  attributes: {
    tenantId: { type: 'string', required: true },
    link_id: { type: 'string', required: true },
    day: { type: 'string', required: true },
  },
  indexes: {
    byLink: {
      pk: { field: 'pk', composite: ['tenantId', 'link_id'] },
      sk: { field: 'sk', composite: ['day'] },
    },
  },
});

export type SmartLinkItem = EntityItem<typeof SmartLink>;

/**
 * A fan who asked, on a pre-release link's page, to be mailed when the release is out. One per address
 * per link: the id is the hash of the address, so a second sign-up finds the first. waiting → sending
 * (claimed by the release-day job, with the hash of their unsubscribe link) → mailed, or skipped (the
 * company must not mail the address: it unsubscribed, bounced or complained); unsubscribed at any time.
 */
export const SmartLinkFan = new Entity({
  model: { entity: 'smartLinkFan', version: '1', service: SERVICE },
  attributes: {
    tenantId: { type: 'string', required: true },
    link_id: { type: 'string', required: true },
    id: { type: 'string', required: true },
    email: { type: 'string', required: true },
    /** When the fan ticked the box that agrees to the mail: the consent, kept with the address. */
    consent_at: { type: 'string', required: true },
    status: { type: ['waiting', 'sending', 'mailed', 'skipped', 'unsubscribed'] as const, required: true },
    token_hash: { type: 'string' },
    mailed_at: { type: 'string' },
    ...timestamps,
  },
  indexes: {
    byLink: { pk: { field: 'pk', composite: ['tenantId', 'link_id'] }, sk: { field: 'sk', composite: ['id'] } },
  },
});

/**
 * A link with fans still waiting, for the release-day job to find without reading every company: one
 * partition of every such link, each removed once its fans are all mailed.
 */
export const FanNoticeDue = new Entity({
  model: { entity: 'fanNoticeDue', version: '1', service: SERVICE },
  attributes: {
    tenantId: { type: 'string', required: true },
    link_id: { type: 'string', required: true },
  },
  indexes: {
    due: { pk: { field: 'pk', composite: [] }, sk: { field: 'sk', composite: ['tenantId', 'link_id'] } },
  },
});

/**
 * Sign-ups to a link in one minute (UTC), counted with a conditional ADD so a flood of made-up addresses
 * stops at the limit; DynamoDB's TTL removes the item later. This entity only names the keys.
 */
export const SmartLinkSignupMinute = new Entity({
  model: { entity: 'smartLinkSignupMinute', version: '1', service: SERVICE },
  attributes: {
    tenantId: { type: 'string', required: true },
    link_id: { type: 'string', required: true },
    minute: { type: 'string', required: true },
  },
  indexes: {
    byLink: { pk: { field: 'pk', composite: ['tenantId', 'link_id', 'minute'] }, sk: { field: 'sk', composite: [] } },
  },
});

export type SmartLinkFanItem = EntityItem<typeof SmartLinkFan>;
