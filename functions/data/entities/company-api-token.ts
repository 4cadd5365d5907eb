import { Entity, type CreateEntityItem, type EntityItem } from 'electrodb';
import { API_TOKEN_ACCESS, API_TOKEN_AREAS } from '../../../shared/api-token-scope.js';
import { SERVICE } from './service-name.js';

/**
 * A company's API token for its own integrations. Keyed by the SHA-256 hash of the secret, so a
 * request's token is found with one read and the secret itself is never stored (it is shown
 * once, when the token is made). The company's tokens are listed on gsi1.
 */
export const CompanyApiToken = new Entity({
  model: { entity: 'companyApiToken', version: '1', service: SERVICE },
  attributes: {
    tokenHash: { type: 'string', required: true },
    apiTokenId: { type: 'string', required: true },
    companyId: { type: 'string', required: true },
    name: { type: 'string', required: true },
    access: { type: API_TOKEN_ACCESS, required: true },
    areas: { type: 'set', items: [...API_TOKEN_AREAS], required: true },
    /** The secret's last four characters, so people can tell tokens apart. */
    tokenHint: { type: 'string', required: true },
    /** YYYY-MM-DD: the last day the token works (through the end of that day, UTC). */
    expiresOn: { type: 'string', required: true },
    revoked: { type: 'boolean', default: false },
    revokedAt: { type: 'string' },
    /** Who made it: the calls it makes are logged under them. */
    createdBy: { type: 'string', required: true },
    createdAt: { type: 'string', readOnly: true, default: () => new Date().toISOString() },
    updatedAt: { type: 'string', watch: '*', set: () => new Date().toISOString() },
  },
  indexes: {
    byHash: { pk: { field: 'pk', composite: ['tokenHash'] }, sk: { field: 'sk', composite: [] } },
    byCompany: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['companyId'] },
      sk: { field: 'gsi1sk', composite: ['apiTokenId'] },
    },
  },
});

export type CompanyApiTokenItem = EntityItem<typeof CompanyApiToken>;
export type CreateCompanyApiToken = CreateEntityItem<typeof CompanyApiToken>;
