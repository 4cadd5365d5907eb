import {
  GUIDE_CONTENT_TYPES,
  LOGO_CONTENT_TYPES,
  MAX_GUIDE_BYTES,
  MAX_LOGO_BYTES,
} from '../../../../../shared/constants';
import { humanizeField } from '../../../../../shared/messages';
import {
  countryInput,
  distributorInput,
  dspInput,
  DSP_FLAGS,
  genreInput,
  languageInput,
  performerRoleInput,
  companyPublisherInput,
  publisherInput,
  RETAILER_STATUSES,
  RETAILER_TYPES,
  retailerInput,
  RIGHTSHOLDER_TYPES,
  rightsholderInput,
  societyInput,
} from '../../../../../shared/schemas/reference';
import {
  checkbox,
  code,
  countryLink,
  digits,
  email,
  link,
  nameField,
  password,
  required,
  rowLink,
  select,
  text,
  textarea,
  url,
} from './reference-fields';
import type { ReferenceConfig } from './reference-types';
import { CATALOGUE_CONFIGS } from '../../catalogue/catalogue-configs';

export type * from './reference-types';

/**
 * The admin reference-data collections, one config each: the generic list,
 * form, detail and picker read everything that differs between collections from here.
 */
const country: ReferenceConfig = {
  collection: 'countries',
  singular: 'country',
  title: 'Countries',
  notice: 'Country',
  noun: 'country',
  nounPlural: 'countries',
  titleField: 'name',
  idsKey: 'country_ids',
  fields: [
    nameField(),
    code('iso_alpha_two', 'ISO alpha two', 2, true),
    code('iso_alpha_three', 'ISO alpha three', 3, true),
    text('iso_numeric', 'ISO numeric', [required('ISO numeric'), digits('ISO numeric', 3)], { constraint: '3 digits' }),
  ],
  columns: [
    { field: 'name', header: 'Name', sortable: true },
    { field: 'iso_alpha_two', header: 'ISO alpha two', sortable: true },
    { field: 'iso_alpha_three', header: 'ISO alpha three', sortable: true },
    { field: 'iso_numeric', header: 'ISO numeric', sortable: true },
  ],
  defaultSort: { field: 'name', order: 'asc' },
  schema: countryInput,
};

const language: ReferenceConfig = {
  collection: 'languages',
  singular: 'language',
  title: 'Languages',
  notice: 'Language',
  noun: 'language',
  nounPlural: 'languages',
  titleField: 'name',
  idsKey: 'language_ids',
  fields: [
    nameField(),
    text('native_name', 'Native name'),
    text('family', 'Family'),
    code('iso_alpha_two', 'ISO alpha two', 2, false),
    code('iso_alpha_three', 'ISO alpha three', 3, false),
    code('english_iso_alpha_three', 'English ISO alpha three', 3, false),
    code('macro_iso_alpha_three', 'Macro ISO alpha three', 3, false),
    textarea('notes', 'Notes'),
  ],
  columns: [
    { field: 'name', header: 'Name', sortable: true },
    { field: 'native_name', header: 'Native name' },
    { field: 'family', header: 'Family', sortable: true },
    { field: 'iso_alpha_two', header: 'ISO alpha two', sortable: true },
    { field: 'iso_alpha_three', header: 'ISO alpha three', sortable: true },
  ],
  defaultSort: { field: 'name', order: 'asc' },
  afterUpdate: { per_page: 20, sort: { field: 'name', order: 'desc' } },
  schema: languageInput,
};

const genre: ReferenceConfig = {
  collection: 'genres',
  singular: 'genre',
  title: 'Genres',
  notice: 'Genre',
  noun: 'genre',
  nounPlural: 'genres',
  titleField: 'name',
  idsKey: 'genre_ids',
  fields: [nameField(), checkbox('active', 'Active', true), checkbox('base_genre', 'Base genre', false)],
  columns: [
    { field: 'name', header: 'Name', sortable: true },
    { field: 'active', header: 'Status', sortable: true },
    { field: 'base_genre', header: 'Base genre', sortable: true },
  ],
  defaultSort: { field: 'name', order: 'asc' },
  schema: genreInput,
};

const performerRole: ReferenceConfig = {
  collection: 'performer_roles',
  singular: 'performer_role',
  title: 'Performer roles',
  notice: 'Performer Role',
  noun: 'performer role',
  nounPlural: 'performer roles',
  titleField: 'description',
  idsKey: 'performer_roles_ids',
  fields: [
    text('description', 'Description', [required('Description')]),
    text('ppl_code', 'PPL code'),
    checkbox('active', 'Active', true),
  ],
  columns: [
    { field: 'description', header: 'Description', sortable: true },
    { field: 'ppl_code', header: 'PPL code', sortable: true },
    { field: 'active', header: 'Status', sortable: true },
  ],
  defaultSort: { field: 'description', order: 'asc' },
  schema: performerRoleInput,
};

const society: ReferenceConfig = {
  collection: 'societies',
  singular: 'society',
  title: 'Societies',
  notice: 'Society',
  noun: 'society',
  nounPlural: 'societies',
  titleField: 'name',
  idsKey: 'societies_ids',
  quickAddTitle: 'Add New Society',
  fields: [
    nameField(),
    text('code', 'Code'),
    countryLink(),
    {
      name: 'urls',
      label: 'URLs',
      kind: 'rows',
      input: 'urls_attributes',
      addLabel: 'Add URL',
      rowFields: [
        { name: 'link', label: 'Link', kind: 'text', placeholder: 'https://' },
        { name: 'link_text', label: 'Link text', kind: 'text', placeholder: 'The society name' },
      ],
      emptyRow: { link: '', link_text: '' },
    },
  ],
  columns: [
    { field: 'name', header: 'Name', sortable: true },
    { field: 'code', header: 'Code', sortable: true },
    { field: 'country_id', header: 'Country' },
  ],
  defaultSort: { field: 'name', order: 'asc' },
  schema: societyInput,
};

const retailer: ReferenceConfig = {
  collection: 'retailers',
  singular: 'retailer',
  title: 'Retailers',
  notice: 'Retailer',
  noun: 'retailer',
  nounPlural: 'retailers',
  titleField: 'name',
  idsKey: 'retailer_ids',
  fields: [
    nameField(),
    link('distributor_id', 'Distributor', 'distributors', 'distributor', { quickAdd: true }),
    select('status', 'Status', RETAILER_STATUSES, 'Live'),
    select('type_of', 'Type', RETAILER_TYPES),
    url('url', 'URL'),
    countryLink(),
    checkbox('active', 'Active', true),
    textarea('info', 'Info'),
  ],
  columns: [
    { field: 'name', header: 'Name', sortable: true },
    { field: 'distributor_id', header: 'Distributor' },
    { field: 'status', header: 'Status', sortable: true },
    { field: 'type_of', header: 'Type', sortable: true },
    { field: 'active', header: 'Active', sortable: true },
  ],
  defaultSort: { field: 'name', order: 'asc' },
  schema: retailerInput,
};

const rightsholder: ReferenceConfig = {
  collection: 'rightsholders',
  singular: 'rightsholder',
  title: 'Rightsholders',
  notice: 'Rightsholder',
  noun: 'rightsholder',
  nounPlural: 'rightsholders',
  titleField: 'name',
  idsKey: 'rightsholder_ids',
  quickAddTitle: 'Add New Rightsholder',
  fields: [
    nameField(),
    email('email', 'Email'),
    link('society_id', 'Society', 'societies', 'society', { quickAdd: true }),
    text('society_code', 'Society code'),
    select('type_of', 'Type', RIGHTSHOLDER_TYPES, 'audio'),
  ],
  columns: [
    { field: 'name', header: 'Name', sortable: true },
    { field: 'society_id', header: 'Society' },
    { field: 'society_code', header: 'Society code', sortable: true },
    { field: 'type_of', header: 'Type', sortable: true },
  ],
  defaultSort: { field: 'name', order: 'asc' },
  schema: rightsholderInput,
};

const publisher: ReferenceConfig = {
  collection: 'publishers',
  singular: 'publisher',
  title: 'Publishers',
  notice: 'Publisher',
  noun: 'publisher',
  nounPlural: 'publishers',
  titleField: 'name',
  idsKey: 'publisher_ids',
  quickAddTitle: 'Publisher',
  fields: [
    nameField(),
    checkbox('active', 'Active', true),
    link('society_id', 'Society', 'societies', 'society', { quickAdd: true }),
    link('mechanical_society_id', 'Mechanical society', 'societies', 'mechanical_society', { quickAdd: true }),
    link('performing_society_id', 'Performing society', 'societies', 'performing_society', { quickAdd: true }),
    text('ipi_name_number', 'IPI name number', [], { constraint: '11 digits, for CWR registrations' }),
    link('company_id', 'Company', 'companies', 'company'),
    link('tenant_id', 'Belongs to company', 'companies', 'tenant', {
      hideInQuickAdd: true,
      constraint: 'Its members may edit it; leave blank for a publisher every company shares',
    }),
    link('country_id', 'Country of origin', 'countries', 'country_of_origin'),
    url('url.link', 'URL', { section: 'Website' }),
    text('url.link_text', 'Link text', [], { section: 'Website' }),
  ],
  columns: [
    { field: 'name', header: 'Name', sortable: true },
    { field: 'active', header: 'Active', sortable: true },
    { field: 'society_id', header: 'Society' },
    { field: 'company_id', header: 'Company' },
    { field: 'tenant_id', header: 'Belongs to' },
  ],
  defaultSort: { field: 'name', order: 'asc' },
  objects: [{ stored: 'url', input: 'url_attributes' }],
  schema: publisherInput,
};

const distributor: ReferenceConfig = {
  collection: 'distributors',
  singular: 'distributor',
  title: 'Distributors',
  notice: 'Distributor',
  noun: 'distributor',
  nounPlural: 'distributors',
  titleField: 'name',
  idsKey: 'distributor_ids',
  quickAddTitle: 'Add New Distributor',
  fields: [
    nameField(),
    url('url', 'URL'),
    url('admin_url', 'Admin URL'),
    email('support_email', 'Support email'),
    text('support_phone', 'Support phone'),
    countryLink(),
    {
      name: 'logo',
      label: 'Logo',
      kind: 'file',
      contentTypes: LOGO_CONTENT_TYPES,
      maxBytes: MAX_LOGO_BYTES,
      accept: 'image/*',
    },
    checkbox('active', 'Active', true, { hideInQuickAdd: true }),
    checkbox('distribution_base_partner', 'Distribution base partner', false, { hideInQuickAdd: true }),
    checkbox('remote_statement_download', 'Remote statement download', false, { hideInQuickAdd: true }),
    textarea('info', 'Info'),
    {
      name: 'distributor_dsps',
      label: 'DSPs',
      kind: 'rows',
      input: 'distributor_dsps_attributes',
      addLabel: 'Add DSP',
      section: 'DSPs',
      adminFeature: true,
      rowFields: [
        rowLink('dsp_id', 'DSP', 'dsps', 'dsp'),
        { name: 'active', label: 'Active', kind: 'checkbox' },
        { name: 'inactive_note', label: 'Why inactive', kind: 'text' },
      ],
      emptyRow: { dsp_id: null, active: true, inactive_note: '' },
    },
  ],
  columns: [
    { field: 'name', header: 'Name', sortable: true },
    { field: 'country_id', header: 'Country' },
    { field: 'active', header: 'Active', sortable: true },
    { field: 'distribution_base_partner', header: 'Base partner', sortable: true },
  ],
  defaultSort: { field: 'name', order: 'asc' },
  schema: distributorInput,
};

const TECHNICAL = 'Technical specification';
const dsp: ReferenceConfig = {
  collection: 'dsps',
  singular: 'dsp',
  title: 'DSPs',
  notice: 'DSP',
  noun: 'DSP',
  nounPlural: 'DSPs',
  titleField: 'name',
  idsKey: 'dsp_ids',
  afterSaveTo: '/distribution/dsps',
  updateMethod: 'PUT',
  afterDelete: { per_page: 50, sort: { field: 'name', order: 'asc' } },
  fields: [
    nameField(),
    checkbox('active', 'Active', true),
    url('url', 'URL'),
    countryLink(),
    text('delivery_class', 'Delivery class'),
    textarea('description', 'Description'),
    ...DSP_FLAGS.map((flag) => checkbox(flag, humanizeField(flag), false, { section: 'Delivery' })),
    {
      name: 'guide',
      label: 'Guide',
      kind: 'file',
      contentTypes: GUIDE_CONTENT_TYPES,
      maxBytes: MAX_GUIDE_BYTES,
      accept: '.pdf,.doc,.docx,.xls,.xlsx,.txt,.csv,.zip',
      section: 'Delivery',
    },
    text('ddex_party_id', 'DDEX party ID', [], { section: 'Delivery', constraint: 'PADPIDA and 11 letters or digits' }),
    textarea('genre_map', 'Genre map', {
      section: 'Delivery',
      constraint: "One a line: our genre = the store's genre",
    }),
    text('technical_specification.audio_file_format', 'Audio file format', [], { section: TECHNICAL }),
    text('technical_specification.delivery_format', 'Delivery format', [], { section: TECHNICAL }),
    text('technical_specification.delivery_server_type', 'Delivery server type', [], { section: TECHNICAL }),
    text('technical_specification.delivery_stub', 'Delivery stub', [], { section: TECHNICAL }),
    url('technical_specification.tech_spec_url', 'Tech spec URL', { section: TECHNICAL }),
    text('technical_specification.server_uri', 'Server URI', [], { section: TECHNICAL }),
    text('technical_specification.server_login', 'Server login', [], { section: TECHNICAL }),
    password('technical_specification.server_password', 'Server password', { section: TECHNICAL }),
    checkbox('technical_specification.custom_pricing_catalogue_tiers', 'Custom pricing: catalogue tiers', false, {
      section: TECHNICAL,
    }),
    checkbox('technical_specification.custom_pricing_territories', 'Custom pricing: territories', false, {
      section: TECHNICAL,
    }),
    checkbox('technical_specification.custom_pricing_wholesale_price', 'Custom pricing: wholesale price', false, {
      section: TECHNICAL,
    }),
  ],
  columns: [
    { field: 'name', header: 'Name', sortable: true },
    { field: 'active', header: 'Active', sortable: true },
    { field: 'delivery_class', header: 'Delivery class', sortable: true },
    { field: 'country_id', header: 'Country' },
  ],
  defaultSort: { field: 'name', order: 'asc' },
  objects: [{ stored: 'technical_specification', input: 'technical_specification_attributes' }],
  schema: dspInput,
};

/**
 * A company's own publisher, added from a catalogue form's publisher picker ("Add new publisher"):
 * it belongs to the current company, so the company fields are not on the form.
 */
const companyPublisher: ReferenceConfig = {
  ...publisher,
  collection: 'company_publishers',
  endpoint: { path: '/company_publishers', companyScoped: true },
  fields: publisher.fields.filter((field) => field.name !== 'company_id' && field.name !== 'tenant_id'),
  schema: companyPublisherInput,
};

/** Collections a company adds its own records to: pickers and quick-add only, no pages of their own. */
const COMPANY_OWNED_CONFIGS: Readonly<Record<string, ReferenceConfig>> = { company_publishers: companyPublisher };

export const REFERENCE_CONFIGS: Readonly<Record<string, ReferenceConfig>> = {
  countries: country,
  languages: language,
  genres: genre,
  performer_roles: performerRole,
  societies: society,
  retailers: retailer,
  rightsholders: rightsholder,
  publishers: publisher,
  distributors: distributor,
  dsps: dsp,
};

/** Any collection's config, reference data or a company's catalogue (pickers' quick-add modals). */
function configFor(collection: string): ReferenceConfig | undefined {
  return REFERENCE_CONFIGS[collection] ?? CATALOGUE_CONFIGS[collection] ?? COMPANY_OWNED_CONFIGS[collection];
}

/**
 * Whether a picker offers "Add new" for a collection: a company's records (artists, contributors,
 * its own publishers) to anyone; shared reference data (societies, rightsholders) only to admins,
 * who alone may add it, instead of a button that answers "You must be an Admin to do that".
 */
export function quickAddAllowed(collection: string, isAdmin: boolean): boolean {
  return isAdmin || collection in CATALOGUE_CONFIGS || collection in COMPANY_OWNED_CONFIGS;
}

/** The config of a collection the code itself names (a picker's quick-add); a missing one is a programming error. */
export function requireConfig(collection: string): ReferenceConfig {
  const config = configFor(collection);
  if (!config) throw new Error(`No reference config for the collection "${collection}"`);
  return config;
}

/**
 * The config of the collection a route belongs to: /admin/countries/:countryId/edit → countries,
 * /distribution/dsps → dsps, /user/artists and /admin/artists → artists.
 */
export function referenceConfigForPath(routePath: string): ReferenceConfig | undefined {
  const [, area, collection] = /^\/(admin|distribution|user)\/([a-z_]+)(\/|$)/.exec(routePath) ?? [];
  if (!collection) return undefined;
  return area === 'user' ? CATALOGUE_CONFIGS[collection] : configFor(collection);
}

/** The record id's route parameter, as the route table names it: performer_role → performerRoleId. */
export function idParam(config: ReferenceConfig): string {
  return `${config.singular.replace(/_(\w)/g, (_, c: string) => c.toUpperCase())}Id`;
}
