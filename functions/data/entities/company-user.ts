import {
  Entity,
  type CreateEntityItem,
  type EntityIdentifiers,
  type EntityItem,
  type UpdateEntityItem,
} from 'electrodb';
import { ROLES } from '../../../shared/constants.js';
import { SERVICE } from './service-name.js';

/**
 * A user's membership of a company, with the role they hold there. The request's tenant is
 * checked against these items on every tenant call.
 */
export const CompanyUser = new Entity({
  model: { entity: 'companyUser', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true },
    companyId: { type: 'string', required: true },
    role: { type: ROLES, required: true, default: 'user' },
    createdAt: { type: 'string', readOnly: true, default: () => new Date().toISOString() },
  },
  indexes: {
    byUser: { pk: { field: 'pk', composite: ['userId'] }, sk: { field: 'sk', composite: ['companyId'] } },
    byCompany: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['companyId'] },
      sk: { field: 'gsi1sk', composite: ['userId'] },
    },
  },
});

export type CompanyUserItem = EntityItem<typeof CompanyUser>;
export type CreateCompanyUser = CreateEntityItem<typeof CompanyUser>;
export type UpdateCompanyUser = UpdateEntityItem<typeof CompanyUser>;
export type CompanyUserIds = EntityIdentifiers<typeof CompanyUser>;
