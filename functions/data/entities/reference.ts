import {
  Entity,
  type CreateEntityItem,
  type EntityIdentifiers,
  type EntityItem,
  type UpdateEntityItem,
} from 'electrodb';
import { SERVICE } from './service-name.js';
import { timestamps } from './timestamps.js';
import { storedFile } from './stored-file.js';
import { RETAILER_STATUSES } from '../../../shared/constants.js';

/**
 * Reference data admins maintain for every tenant. Each collection keys records by
 * `id` and lists them through one partition of gsi1, so one generic resource serves them all.
 */

const keys = {
  byId: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } },
  all: { index: 'gsi1', pk: { field: 'gsi1pk', composite: [] }, sk: { field: 'gsi1sk', composite: ['id'] } },
} as const;

export const Country = new Entity({
  model: { entity: 'country', version: '1', service: SERVICE },
  attributes: {
    id: { type: 'string', required: true },
    name: { type: 'string', required: true },
    iso_alpha_two: { type: 'string', required: true },
    iso_alpha_three: { type: 'string', required: true },
    iso_numeric: { type: 'string', required: true },
    ...timestamps,
  },
  indexes: keys,
});

export const Language = new Entity({
  model: { entity: 'language', version: '1', service: SERVICE },
  attributes: {
    id: { type: 'string', required: true },
    name: { type: 'string', required: true },
    family: { type: 'string' },
    native_name: { type: 'string' },
    iso_alpha_two: { type: 'string' },
    iso_alpha_three: { type: 'string' },
    english_iso_alpha_three: { type: 'string' },
    macro_iso_alpha_three: { type: 'string' },
    notes: { type: 'string' },
    ...timestamps,
  },
  indexes: keys,
});

export const Genre = new Entity({
  model: { entity: 'genre', version: '1', service: SERVICE },
  attributes: {
    id: { type: 'string', required: true },
    name: { type: 'string', required: true },
    active: { type: 'boolean', default: true },
    base_genre: { type: 'boolean', default: false },
    ...timestamps,
  },
  indexes: keys,
});

export const PerformerRole = new Entity({
  model: { entity: 'performerRole', version: '1', service: SERVICE },
  attributes: {
    id: { type: 'string', required: true },
    description: { type: 'string', required: true },
    /** PPL's code for the role; empty where no published code could be sourced. */
    ppl_code: { type: 'string' },
    active: { type: 'boolean', default: true },
    ...timestamps,
  },
  indexes: keys,
});

const urlRows = {
  type: 'list',
  items: {
    type: 'map',
    properties: { id: { type: 'string' }, link: { type: 'string' }, link_text: { type: 'string' } },
  },
} as const;

export const Society = new Entity({
  model: { entity: 'society', version: '1', service: SERVICE },
  attributes: {
    id: { type: 'string', required: true },
    name: { type: 'string', required: true },
    code: { type: 'string' },
    country_id: { type: 'string' },
    urls: urlRows,
    ...timestamps,
  },
  indexes: keys,
});

export const Retailer = new Entity({
  model: { entity: 'retailer', version: '1', service: SERVICE },
  attributes: {
    id: { type: 'string', required: true },
    name: { type: 'string', required: true },
    distributor_id: { type: 'string' },
    status: { type: RETAILER_STATUSES, default: 'Live' },
    type_of: { type: 'string' },
    url: { type: 'string' },
    info: { type: 'string' },
    active: { type: 'boolean', default: true },
    country_id: { type: 'string' },
    ...timestamps,
  },
  indexes: keys,
});

export const Rightsholder = new Entity({
  model: { entity: 'rightsholder', version: '1', service: SERVICE },
  attributes: {
    id: { type: 'string', required: true },
    name: { type: 'string', required: true },
    email: { type: 'string' },
    society_id: { type: 'string' },
    society_code: { type: 'string' },
    type_of: { type: 'string', default: 'audio' },
    ...timestamps,
  },
  indexes: keys,
});

export const Publisher = new Entity({
  model: { entity: 'publisher', version: '1', service: SERVICE },
  attributes: {
    id: { type: 'string', required: true },
    name: { type: 'string', required: true },
    active: { type: 'boolean', default: true },
    society_id: { type: 'string' },
    mechanical_society_id: { type: 'string' },
    performing_society_id: { type: 'string' },
    company_id: { type: 'string' },
    /** The company that owns the publisher (its members edit it); none: shared reference data, admins only. */
    tenant_id: { type: 'string' },
    country_id: { type: 'string' },
    url: { type: 'map', properties: { link: { type: 'string' }, link_text: { type: 'string' } } },
    /** CWR: the publisher's IPI name number. */
    ipi_name_number: { type: 'string' },
    ...timestamps,
  },
  indexes: keys,
});

export const Distributor = new Entity({
  model: { entity: 'distributor', version: '1', service: SERVICE },
  attributes: {
    id: { type: 'string', required: true },
    name: { type: 'string', required: true },
    url: { type: 'string' },
    admin_url: { type: 'string' },
    support_email: { type: 'string' },
    support_phone: { type: 'string' },
    info: { type: 'string' },
    active: { type: 'boolean', default: true },
    distribution_base_partner: { type: 'boolean', default: false },
    remote_statement_download: { type: 'boolean', default: false },
    country_id: { type: 'string' },
    logo: storedFile,
    distributor_dsps: {
      type: 'list',
      items: {
        type: 'map',
        properties: {
          id: { type: 'string' },
          dsp_id: { type: 'string' },
          active: { type: 'boolean' },
          inactive_note: { type: 'string' },
        },
      },
    },
    ...timestamps,
  },
  indexes: keys,
});

export const Dsp = new Entity({
  model: { entity: 'dsp', version: '1', service: SERVICE },
  attributes: {
    id: { type: 'string', required: true },
    name: { type: 'string', required: true },
    active: { type: 'boolean', default: true },
    description: { type: 'string' },
    url: { type: 'string' },
    country_id: { type: 'string' },
    delivery_class: { type: 'string' },
    asset_level_release_date: { type: 'boolean', default: false },
    asset_level_territory: { type: 'boolean', default: false },
    instant_gratification: { type: 'boolean', default: false },
    pre_order: { type: 'boolean', default: false },
    pre_order_only: { type: 'boolean', default: false },
    supports_artists_identifier: { type: 'boolean', default: false },
    timed_release: { type: 'boolean', default: false },
    /** DDEX party id and genre map (shared/dsp-terms.ts): the ERN's recipient and the store's genre words. */
    ddex_party_id: { type: 'string' },
    genre_map: { type: 'string' },
    guide: storedFile,
    technical_specification: {
      type: 'map',
      properties: {
        audio_file_format: { type: 'string' },
        custom_pricing_catalogue_tiers: { type: 'boolean' },
        custom_pricing_territories: { type: 'boolean' },
        custom_pricing_wholesale_price: { type: 'boolean' },
        delivery_format: { type: 'string' },
        delivery_server_type: { type: 'string' },
        delivery_stub: { type: 'string' },
        tech_spec_url: { type: 'string' },
        server_uri: { type: 'string' },
        server_login: { type: 'string' },
        server_password: { type: 'string' },
      },
    },
    ...timestamps,
  },
  indexes: keys,
});

export type CountryItem = EntityItem<typeof Country>;
export type CreateCountry = CreateEntityItem<typeof Country>;
export type UpdateCountry = UpdateEntityItem<typeof Country>;
export type CountryIds = EntityIdentifiers<typeof Country>;

export type LanguageItem = EntityItem<typeof Language>;
export type CreateLanguage = CreateEntityItem<typeof Language>;
export type UpdateLanguage = UpdateEntityItem<typeof Language>;
export type LanguageIds = EntityIdentifiers<typeof Language>;

export type GenreItem = EntityItem<typeof Genre>;
export type CreateGenre = CreateEntityItem<typeof Genre>;
export type UpdateGenre = UpdateEntityItem<typeof Genre>;
export type GenreIds = EntityIdentifiers<typeof Genre>;

export type PerformerRoleItem = EntityItem<typeof PerformerRole>;
export type CreatePerformerRole = CreateEntityItem<typeof PerformerRole>;
export type UpdatePerformerRole = UpdateEntityItem<typeof PerformerRole>;
export type PerformerRoleIds = EntityIdentifiers<typeof PerformerRole>;

export type SocietyItem = EntityItem<typeof Society>;
export type CreateSociety = CreateEntityItem<typeof Society>;
export type UpdateSociety = UpdateEntityItem<typeof Society>;
export type SocietyIds = EntityIdentifiers<typeof Society>;

export type RetailerItem = EntityItem<typeof Retailer>;
export type CreateRetailer = CreateEntityItem<typeof Retailer>;
export type UpdateRetailer = UpdateEntityItem<typeof Retailer>;
export type RetailerIds = EntityIdentifiers<typeof Retailer>;

export type RightsholderItem = EntityItem<typeof Rightsholder>;
export type CreateRightsholder = CreateEntityItem<typeof Rightsholder>;
export type UpdateRightsholder = UpdateEntityItem<typeof Rightsholder>;
export type RightsholderIds = EntityIdentifiers<typeof Rightsholder>;

export type PublisherItem = EntityItem<typeof Publisher>;
export type CreatePublisher = CreateEntityItem<typeof Publisher>;
export type UpdatePublisher = UpdateEntityItem<typeof Publisher>;
export type PublisherIds = EntityIdentifiers<typeof Publisher>;

export type DistributorItem = EntityItem<typeof Distributor>;
export type CreateDistributor = CreateEntityItem<typeof Distributor>;
export type UpdateDistributor = UpdateEntityItem<typeof Distributor>;
export type DistributorIds = EntityIdentifiers<typeof Distributor>;

export type DspItem = EntityItem<typeof Dsp>;
export type CreateDsp = CreateEntityItem<typeof Dsp>;
export type UpdateDsp = UpdateEntityItem<typeof Dsp>;
export type DspIds = EntityIdentifiers<typeof Dsp>;
