import { Entity, type CreateEntityItem, type EntityItem } from 'electrodb';
import { SERVICE } from './service-name.js';

/**
 * One song sent in one CWR file (docs/cwr.md): the file, when, as which
 * transaction (NWR the first time, REV after) and to which society. A song with a registration
 * goes as REV in the next file. Keyed by company, so a company reads only its own.
 */
export const CwrRegistration = new Entity({
  model: { entity: 'cwrRegistration', version: '1', service: SERVICE },
  attributes: {
    tenantId: { type: 'string', required: true },
    /** `{fileId}#{songId}`: one row per song and file. */
    id: { type: 'string', required: true },
    file_id: { type: 'string', required: true },
    song_id: { type: 'string', required: true },
    song_title: { type: 'string', required: true },
    filename: { type: 'string', required: true },
    /** The file in the uploads bucket (cwr/{tenantId}/…). */
    file_key: { type: 'string', required: true },
    transaction_type: { type: ['NWR', 'REV'] as const, required: true },
    version: { type: ['2.1', '2.2'] as const, required: true },
    receiver: { type: 'string', required: true },
    submitter_work_number: { type: 'string', required: true },
    user_id: { type: 'string', required: true },
    sent_at: { type: 'string', required: true },
  },
  indexes: {
    byTenant: { pk: { field: 'pk', composite: ['tenantId'] }, sk: { field: 'sk', composite: ['id'] } },
  },
});

export type CwrRegistrationItem = EntityItem<typeof CwrRegistration>;
export type CreateCwrRegistration = CreateEntityItem<typeof CwrRegistration>;
