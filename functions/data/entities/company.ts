import {
  Entity,
  type CreateEntityItem,
  type EntityIdentifiers,
  type EntityItem,
  type UpdateEntityItem,
} from 'electrodb';
import { SUBSCRIPTION_STATUSES } from '../../../shared/plans.js';
import { SERVICE } from './service-name.js';
import { storedFile } from './stored-file.js';

/** A tenant: a label, publisher or distributor business. */
export const Company = new Entity({
  model: { entity: 'company', version: '1', service: SERVICE },
  attributes: {
    companyId: { type: 'string', required: true },
    name: { type: 'string', required: true },
    email: { type: 'string' },
    tags: { type: 'list', items: { type: 'string' }, default: () => [] },
    distributed: { type: 'boolean', default: false },
    deal_percentage: { type: 'number' },
    registration_number: { type: 'string' },
    vat_number: { type: 'string' },
    vat_registered: { type: 'boolean', default: false },
    currency: { type: 'string', default: 'GBP' },
    contract_date: { type: 'string' },
    self_billing: { type: 'boolean', default: false },
    self_billing_created_at: { type: 'string' },
    self_billing_expires_at: { type: 'string' },
    profile: {
      type: 'map',
      properties: {
        name: { type: 'string' },
        address: { type: 'string' },
        backup_email: { type: 'string' },
        phone_no: { type: 'string' },
      },
    },
    site_settings: {
      type: 'map',
      properties: {
        site_name: { type: 'string' },
        primary_colour: { type: 'string' },
        secondary_colour: { type: 'string' },
        support_email: { type: 'string' },
        custom_domain: { type: 'string' },
      },
    },
    logo: storedFile,
    contract: storedFile,
    self_billing_agreement: storedFile,
    company_publishers: {
      type: 'list',
      items: { type: 'map', properties: { id: { type: 'string' }, publisher_id: { type: 'string' } } },
    },
    company_rightsholders: {
      type: 'list',
      items: { type: 'map', properties: { id: { type: 'string' }, rightsholder_id: { type: 'string' } } },
    },
    /** The distributors the company delivers through, with their contract terms (connections). */
    company_distributors: {
      type: 'list',
      items: {
        type: 'map',
        properties: {
          id: { type: 'string' },
          distributor_id: { type: 'string' },
          active: { type: 'boolean' },
          base: { type: 'boolean' },
          contract_start_date: { type: 'string' },
          contract_end_date: { type: 'string' },
          terminated: { type: 'boolean' },
          company_distributor_config_id: { type: 'string' },
          /** The signed contract with the distributor (POST companies/{id}/distributors). */
          contract: storedFile,
        },
      },
    },
    /** The company as a CWR sender: its IPI name number and CISAC-assigned sender code. */
    ipi_name_number: { type: 'string' },
    cwr_sender_code: { type: 'string' },
    /**
     * The company's subscription plan (subscription_id: a Plan's id, shared/plans.ts). Unset reads as
     * the plan its creation gave it: functions/plans decides; billing events and admins change it.
     */
    subscription_id: { type: 'string' },
    /** The subscription's state as the billing provider reports it. */
    subscription: {
      type: 'map',
      properties: {
        status: { type: SUBSCRIPTION_STATUSES },
        provider: { type: ['stripe', 'local', 'admin'] as const },
        provider_subscription_id: { type: 'string' },
        current_period_end: { type: 'string' },
        cancel_at_period_end: { type: 'boolean' },
        updated_at: { type: 'string' },
      },
    },
    /** The company's customer record at the billing provider, as last reported. */
    billing: {
      type: 'map',
      properties: {
        customer_id: { type: 'string' },
        email: { type: 'string' },
        business_vat_id: { type: 'string' },
        description: { type: 'string' },
        currency: { type: 'string' },
        delinquent: { type: 'boolean' },
        card_type: { type: 'string' },
        card_last4: { type: 'string' },
        card_exp_month: { type: 'number' },
        card_exp_year: { type: 'number' },
        coupon: { type: 'string' },
      },
    },
    /** The country the company is registered in (ISO 3166-1 alpha-2), asked when a user creates a company. */
    country: { type: 'string' },
    createdAt: { type: 'string', readOnly: true, default: () => new Date().toISOString() },
    updatedAt: { type: 'string', watch: '*', set: () => new Date().toISOString() },
  },
  indexes: {
    byId: { pk: { field: 'pk', composite: ['companyId'] }, sk: { field: 'sk', composite: [] } },
    /** Admin company list and pickers. */
    all: { index: 'gsi1', pk: { field: 'gsi1pk', composite: [] }, sk: { field: 'gsi1sk', composite: ['companyId'] } },
  },
});

export type CompanyItem = EntityItem<typeof Company>;
export type CreateCompany = CreateEntityItem<typeof Company>;
export type UpdateCompany = UpdateEntityItem<typeof Company>;
export type CompanyIds = EntityIdentifiers<typeof Company>;
