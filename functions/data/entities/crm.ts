import { CustomAttributeType, Entity, type EntityItem } from 'electrodb';
import { CRM_STATUSES } from '../../../shared/crm.js';
import { SERVICE } from './service-name.js';
import { timestamps } from './timestamps.js';

/** A person at the client the distributor deals with. */
export type CrmContactRow = { id: string; name: string; email?: string; phone?: string; role?: string };
/** One line of a client's activity history: what changed, when and by whom. */
export type CrmActivity = { at: string; by_id: string; by_name: string; text: string };

/**
 * A distributor's client company, as its CRM keeps it: one item per distributor (the distributor's
 * company, `distributorId`) and client company. The client company is made by the distributor when
 * it onboards it, so a company is the client of one distributor; `byClient` finds that distributor
 * (the delivery rules ask it). The client's deal is not kept here: it is the client company's own deal percentage,
 * the one the ledger applies (crm/clients.ts). Notes and to-dos are the label tools' rows. `revision` makes every
 * change a conditional write, so two edits at once never lose one another's changes.
 */
export const CrmClient = new Entity({
  model: { entity: 'crmClient', version: '1', service: SERVICE },
  attributes: {
    distributorId: { type: 'string', required: true },
    companyId: { type: 'string', required: true },
    status: { type: CRM_STATUSES, required: true },
    account_manager_id: { type: 'string' },
    contacts: { type: CustomAttributeType<CrmContactRow[]>('any') },
    contract_start_date: { type: 'string' },
    contract_end_date: { type: 'string' },
    todo_tasks: { type: 'any' },
    notes: { type: 'any' },
    activity: { type: CustomAttributeType<CrmActivity[]>('any') },
    revision: { type: 'number', required: true, default: 0 },
    ...timestamps,
  },
  indexes: {
    byDistributor: {
      pk: { field: 'pk', composite: ['distributorId'] },
      sk: { field: 'sk', composite: ['companyId'] },
    },
    byClient: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['companyId'] },
      sk: { field: 'gsi2sk', composite: [] },
    },
  },
});

/**
 * A client label as its distributor runs it: the stores it may deliver to (the delivery rules refuse
 * any other) and the label it is an affiliate of. Keyed by the client company and label, so the
 * delivery check is one read.
 */
export const CrmLabel = new Entity({
  model: { entity: 'crmLabel', version: '1', service: SERVICE },
  attributes: {
    companyId: { type: 'string', required: true },
    labelId: { type: 'string', required: true },
    distributorId: { type: 'string', required: true },
    dsp_ids: { type: 'list', items: { type: 'string' }, default: () => [] },
    parent_label_id: { type: 'string' },
    updated_by: { type: 'string' },
    ...timestamps,
  },
  indexes: {
    byCompany: { pk: { field: 'pk', composite: ['companyId'] }, sk: { field: 'sk', composite: ['labelId'] } },
  },
});

export type CrmClientItem = EntityItem<typeof CrmClient>;
export type CrmLabelItem = EntityItem<typeof CrmLabel>;
