import { Entity, type EntityItem } from 'electrodb';
import { SERVICE } from './service-name.js';

/**
 * The help panel's texts for one page of the SPA, as an admin edited them (the page is the SPA
 * route's name, e.g. UserDashboard). A page without an item shows the help that ships with the SPA.
 * All pages share one partition: there are a few hundred at most and the panel reads them together.
 */
export const SiteHelp = new Entity({
  model: { entity: 'siteHelp', version: '1', service: SERVICE },
  attributes: {
    page: { type: 'string', required: true },
    title: { type: 'string', required: true },
    topics: {
      type: 'list',
      required: true,
      items: {
        type: 'map',
        properties: { topic: { type: 'string', required: true }, text: { type: 'string', required: true } },
      },
    },
    updatedBy: { type: 'string', required: true },
    updatedAt: { type: 'string', watch: '*', set: () => new Date().toISOString() },
  },
  indexes: {
    byPage: { pk: { field: 'pk', composite: [] }, sk: { field: 'sk', composite: ['page'] } },
  },
});

export type SiteHelpItem = EntityItem<typeof SiteHelp>;
