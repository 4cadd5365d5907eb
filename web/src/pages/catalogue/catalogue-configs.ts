import {
  ARTIST_CONFIGS,
  ARTIST_LINK_TEXTS,
  ARTIST_ROLES,
  CONTRIBUTOR_CREDITS,
  IDENTIFIER_SERVICES,
  LINEUP_ROLES,
  MEMBERSHIP_TYPES,
  PRICE_TIERS,
  PRODUCT_DEFAULTS,
  PRODUCT_FORMATS,
  PRODUCT_TYPES,
  RECORDING_CATEGORIES,
  RELEASE_CONFIGS,
  RIGHTSHOLDING_TYPES,
  STATEMENT_FORMATS,
  STATEMENT_FREQUENCIES,
} from '../../../../shared/catalogue';
import { VALIDATION } from '../../../../shared/messages';
import { rules } from '../../components/form-rules';
import { normaliseArtistRows, payeeShareWarning } from './artist-rows';
import { ReleaseCheckPanel } from './release-check-panel';
import { duplicateRelease } from './release-duplicate';
import { LOGO_CONTENT_TYPES, MAX_LOGO_BYTES } from '../../../../shared/constants';
import { artistInput, contributorInput, payeeInput, recordingInput, releaseInput } from '../../../../shared/schemas/catalogue';
import { checkbox, countryLink as countryLinkField, date, email, link, nameField, required, rowLink, select, text, textarea } from '../admin/reference/reference-fields';
import type { ReferenceConfig, ReferenceField, RowField } from '../admin/reference/reference-types';
import { identifierRowChange } from './identifier-rows';

/**
 * A company's people in the catalogue (spec 2 §3): artists, contributors and payees, served by
 * the same generic list / form / detail pages as reference data, in the current company under
 * /user and across companies under /admin.
 */
const companyField: ReferenceField = { ...link('tenant_id', 'Company', 'companies', 'tenant'), adminArea: true, rules: [required('Company')] };

const artist: ReferenceConfig = {
  collection: 'artists', singular: 'artist', title: 'Artists', notice: 'Artist', noun: 'artist', nounPlural: 'artists',
  titleField: 'name', idsKey: 'artist_ids', tenant: true, quickAddTitle: 'Add New Artist',
  fields: [
    nameField(),
    email('email', 'Email'),
    select('config', 'Individual or band', ARTIST_CONFIGS, 'individual'),
    companyField,
    textarea('biog', 'Biography'),
    { name: 'image', label: 'Image', kind: 'file', contentTypes: LOGO_CONTENT_TYPES, maxBytes: MAX_LOGO_BYTES, accept: 'image/*' },
    {
      name: 'artist_identifiers', label: 'Identifiers', kind: 'rows', input: 'artist_identifiers_attributes', addLabel: 'Add identifier',
      rowFields: [
        { name: 'service', label: 'Service', kind: 'select', options: IDENTIFIER_SERVICES },
        { name: 'identifier', label: 'Identifier', kind: 'text', linkFrom: 'link' },
        { name: 'new', label: 'New', kind: 'checkbox' },
      ],
      emptyRow: { service: '', identifier: '', new: false },
      onRowChange: identifierRowChange,
    },
    {
      name: 'artist_members', label: 'Members', kind: 'rows', input: 'artist_members_attributes', addLabel: 'Add member',
      rowFields: [
        { ...rowLink('contributor_id', 'Contributor *', 'contributors', 'contributor'), quickAdd: true },
        { name: 'membership_type', label: 'Membership type *', kind: 'select', options: MEMBERSHIP_TYPES },
        { name: 'roles', label: 'Roles', kind: 'multiselect', options: LINEUP_ROLES },
        rowLink('payee_id', 'Payee', 'payees', 'payee'),
        { name: 'active', label: 'Active', kind: 'checkbox' },
      ],
      emptyRow: { contributor_id: null, membership_type: '', roles: [], payee_id: null, active: true },
    },
    {
      name: 'urls', label: 'URLs', kind: 'rows', input: 'urls_attributes', addLabel: 'Add URL',
      rowFields: [
        { name: 'link_text', label: 'Link text', kind: 'suggest', options: ARTIST_LINK_TEXTS, placeholder: 'Artist Website' },
        { name: 'link', label: 'Link', kind: 'text', placeholder: 'https://' },
      ],
      emptyRow: { link_text: '', link: '' },
    },
  ],
  columns: [
    { field: 'name', header: 'Name', sortable: true },
    { field: 'config', header: 'Individual or band', sortable: true },
    { field: 'email', header: 'Email', sortable: true },
  ],
  defaultSort: { field: 'name', order: 'asc' },
  schema: artistInput,
};

const contributor: ReferenceConfig = {
  collection: 'contributors', singular: 'contributor', title: 'Contributors', notice: 'Contributor', noun: 'contributor', nounPlural: 'contributors',
  titleField: 'name', idsKey: 'contributor_ids', tenant: true, quickAddTitle: 'Add New Contributor',
  fields: [nameField(), email('email', 'Email'), link('society_id', 'Society', 'societies', 'society', { quickAdd: true }), companyField],
  columns: [
    { field: 'name', header: 'Name', sortable: true },
    { field: 'email', header: 'Email', sortable: true },
    { field: 'society_id', header: 'Society' },
  ],
  defaultSort: { field: 'name', order: 'asc' },
  schema: contributorInput,
};

const SETTINGS = 'Statement settings';
const payee: ReferenceConfig = {
  collection: 'payees', singular: 'payee', title: 'Payees', notice: 'Payee', noun: 'payee', nounPlural: 'payees',
  titleField: 'name', idsKey: 'payee_ids', tenant: true,
  fields: [
    nameField(),
    email('email', 'Email'),
    { ...select('statement_settings.frequency', 'Frequency', STATEMENT_FREQUENCIES), section: SETTINGS },
    { name: 'statement_settings.formats', label: 'Formats', kind: 'multiselect', options: STATEMENT_FORMATS, section: SETTINGS },
    checkbox('statement_settings.graphs', 'Graphs', false, { section: SETTINGS }),
  ],
  columns: [
    { field: 'name', header: 'Name', sortable: true },
    { field: 'email', header: 'Email', sortable: true },
  ],
  defaultSort: { field: 'name', order: 'asc' },
  objects: [{ stored: 'statement_settings', input: 'statement_settings_attributes' }],
  schema: payeeInput,
};

const yearField = (name: string, label: string, section?: string) =>
  text(name, label, [rules.pattern(/^\d{4}$/, `${label} must be a year`)], { constraint: 'YYYY', ...(section ? { section } : {}) });
const upcRule = rules.pattern(/assign|^[\d\s-]*$/i, VALIDATION.upc);
const genreField = (name: string, label: string) => link(`${name}_id`, label, 'genres', name);
const languageField = (name: string, label: string) => link(`${name}_id`, label, 'languages', name);
const artistRowFields = [
  { ...rowLink('artist_id', 'Artist', 'artists', 'artist'), quickAdd: true },
  { name: 'role', label: 'Role', kind: 'select', options: ARTIST_ROLES },
  { name: 'join_text', label: 'Join text', kind: 'text', placeholder: ' & ' },
  { name: 'payee_share', label: 'Payee share %', kind: 'text' },
] as const satisfies readonly RowField[];
const artistRows = (name: string, input: string, extra: RowField[] = []): ReferenceField => ({
  name, label: 'Artists', kind: 'rows', input, addLabel: 'Add artist',
  rowFields: [...artistRowFields, ...extra],
  emptyRow: { artist_id: null, role: '', join_text: '', payee_share: '', ...Object.fromEntries(extra.map((f) => [f.name, f.name === 'digital_royalty_share' ? '100' : '0'])) },
  normaliseRows: normaliseArtistRows,
  warning: payeeShareWarning,
});
const LINES = 'Copyright';
const DETAILS = 'Details';

const release: ReferenceConfig = {
  collection: 'releases', singular: 'release', title: 'Releases', notice: 'Release', noun: 'release', nounPlural: 'releases',
  titleField: 'title', idsKey: 'release_ids', tenant: true,
  afterSaveRoute: (base, id, isNew) => `${base}/${encodeURIComponent(id)}${isNew ? '/edit' : ''}`,
  duplicateOf: duplicateRelease,
  DetailExtra: ReleaseCheckPanel,
  fields: [
    { ...link('label_id', 'Label', 'labels', 'label') },
    text('title', 'Title', [required('Title')]),
    text('version', 'Version'),
    text('cat_no', 'Catalogue number', [], { constraint: 'Left empty, it follows the label’s last release' }),
    text('upc', 'UPC', [upcRule], { constraint: 'Or a text containing "assign" until one is assigned' }),
    languageField('metadata_language', 'Metadata language'),
    date('release_date', 'Release date'),
    date('original_release_date', 'Original release date'),
    genreField('primary_genre', 'Primary genre'),
    genreField('secondary_genre', 'Secondary genre'),
    text('c_line', 'C line', [], { section: LINES }),
    yearField('c_line_year', 'C line year', LINES),
    text('p_line', 'P line', [], { section: LINES }),
    yearField('p_line_year', 'P line year', LINES),
    { ...countryLinkField(), section: DETAILS },
    { name: 'territories', label: 'Territories', kind: 'territories', section: DETAILS },
    { name: 'excluded_territories', label: 'Excluded territories', kind: 'territories', section: DETAILS },
    { ...select('config', 'Configuration', RELEASE_CONFIGS, 'audio_release'), section: DETAILS },
    { ...text('total_volumes', 'Total volumes', [rules.number('Total volumes', 1)], { section: DETAILS }), initial: '1' } as ReferenceField,
    yearField('recording_year', 'Recording year', DETAILS),
    text('recording_location', 'Recording location', [], { section: DETAILS }),
    checkbox('compilation', 'Compilation', false, { section: DETAILS }),
    checkbox('explicit', 'Explicit', false, { section: DETAILS }),
    checkbox('locked_payee_shares', 'Locked payee shares', true, { section: DETAILS }),
    checkbox('blocked_from_sale', 'Blocked from sale', false, { section: DETAILS }),
    textarea('liner_notes', 'Liner notes', { section: DETAILS }),
    textarea('notes', 'Notes', { section: DETAILS }),
    artistRows('artist_releases', 'artist_releases_attributes'),
    {
      name: 'products', label: 'Products', kind: 'rows', input: 'products_attributes', addLabel: 'Add product',
      rowFields: [
        { name: 'format', label: 'Format', kind: 'select', options: PRODUCT_FORMATS },
        { name: 'type_of', label: 'Type', kind: 'select', options: PRODUCT_TYPES },
        { name: 'price_tier', label: 'Price tier', kind: 'select', options: PRICE_TIERS },
        { name: 'upc', label: 'UPC', kind: 'text' },
        { name: 'wholesale_price', label: 'Wholesale price', kind: 'text' },
        { name: 'retail_price', label: 'Retail price', kind: 'text' },
        { name: 'pre_order', label: 'Pre-order', kind: 'checkbox' },
        { name: 'pre_order_date', label: 'Pre-order date', kind: 'text', placeholder: 'YYYY-MM-DD' },
        { name: 'streaming', label: 'Streaming', kind: 'checkbox' },
      ],
      emptyRow: { ...PRODUCT_DEFAULTS, upc: '', wholesale_price: '', retail_price: '', pre_order: false, pre_order_date: '', streaming: true },
    },
    {
      name: 'release_recordings', label: 'Recordings', kind: 'rows', input: 'release_recordings_attributes', addLabel: 'Add recording',
      rowFields: [rowLink('recording_id', 'Recording', 'recordings', 'recording'), { name: 'position', label: 'Position', kind: 'text' }, { name: 'disc_number', label: 'Disc', kind: 'text' }],
      emptyRow: { recording_id: null, position: '', disc_number: '1' },
    },
  ],
  columns: [
    { field: 'title', header: 'Title', sortable: true },
    { field: 'display_artists', header: 'Artists', sortable: true },
    { field: 'cat_no', header: 'Cat no', sortable: true },
    { field: 'release_date', header: 'Release date', sortable: true },
    { field: 'status', header: 'Status', sortable: true },
  ],
  defaultSort: { field: 'created_at', order: 'desc' },
  schema: releaseInput,
};

const recording: ReferenceConfig = {
  collection: 'recordings', singular: 'recording', title: 'Recordings', notice: 'Recording', noun: 'recording', nounPlural: 'recordings',
  titleField: 'title', idsKey: 'recording_ids', tenant: true,
  fields: [
    text('title', 'Title', [required('Title')]),
    text('mix_title', 'Mix title'),
    text('isrc', 'ISRC', [], { constraint: 'e.g. GB-AAA-05-00001; dashes are removed' }),
    text('alternative_title', 'Alternative title'),
    text('length', 'Length', [rules.pattern(/^\d{2}:[0-5]\d:[0-5]\d$/, 'Length must be HH:MM:SS')], { constraint: 'HH:MM:SS' }),
    yearField('copyright_year', 'Copyright year'),
    select('category', 'Category', RECORDING_CATEGORIES, 'Recording'),
    languageField('audio_language', 'Audio language'),
    languageField('metadata_language', 'Metadata language'),
    genreField('primary_genre', 'Primary genre'),
    genreField('secondary_genre', 'Secondary genre'),
    text('c_line', 'C line', [], { section: LINES }),
    yearField('c_line_year', 'C line year', LINES),
    text('p_line', 'P line', [], { section: LINES }),
    yearField('p_line_year', 'P line year', LINES),
    ...(['explicit', 'explicit_lyrics', 'album_only', 'remastered', 'sample', 'medley', 'film_tv', 'classical', 'blocked_from_sale'] as const).map((flag) =>
      checkbox(flag, flag.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase()), false, { section: DETAILS }),
    ),
    checkbox('locked_payee_shares', 'Locked payee shares', true, { section: DETAILS }),
    text('recording_venue', 'Recording venue', [], { section: DETAILS }),
    date('recording_date', 'Recording date', { section: DETAILS }),
    text('tempo', 'Tempo (BPM)', [], { section: DETAILS }),
    text('musical_key', 'Key', [], { section: DETAILS }),
    textarea('lyrics', 'Lyrics', { section: DETAILS }),
    artistRows('artist_recordings', 'artist_recordings_attributes', [
      { name: 'digital_royalty_share', label: 'Digital %', kind: 'text' },
      { name: 'physical_royalty_share', label: 'Physical %', kind: 'text' },
      { name: 'licensing_royalty_share', label: 'Licensing %', kind: 'text' },
    ]),
    {
      name: 'contributor_recordings', label: 'Contributors', kind: 'rows', input: 'contributor_recordings_attributes', addLabel: 'Add contributor',
      rowFields: [{ ...rowLink('contributor_id', 'Contributor', 'contributors', 'contributor'), quickAdd: true }, { name: 'roles', label: 'Credits', kind: 'multiselect', options: CONTRIBUTOR_CREDITS }],
      emptyRow: { contributor_id: null, roles: [] },
    },
    {
      name: 'publisher_recordings', label: 'Publishers', kind: 'rows', input: 'publisher_recordings_attributes', addLabel: 'Add publisher',
      rowFields: [{ ...rowLink('publisher_id', 'Publisher', 'publishers', 'publisher'), quickAdd: true }],
      emptyRow: { publisher_id: null },
    },
    {
      name: 'recording_performers', label: 'Performers', kind: 'rows', input: 'recording_performers_attributes', addLabel: 'Add performer',
      rowFields: [
        rowLink('contributor_id', 'Performer', 'contributors', 'contributor'),
        rowLink('society_id', 'Society', 'societies', 'society'),
        { name: 'membership_number', label: 'Membership number', kind: 'text' },
        { name: 'role', label: 'Role', kind: 'text' },
        { name: 'role_code', label: 'Role code', kind: 'text' },
      ],
      emptyRow: { contributor_id: null, society_id: null, membership_number: '', role: '', role_code: '' },
    },
    {
      name: 'rightsholdings', label: 'Rightsholdings', kind: 'rows', input: 'rightsholdings_attributes', addLabel: 'Add rightsholding',
      rowFields: [
        { ...rowLink('rightsholder_id', 'Rightsholder', 'rightsholders', 'rightsholder'), quickAdd: true },
        { name: 'type', label: 'Type', kind: 'select', options: RIGHTSHOLDING_TYPES },
        { name: 'share', label: 'Share %', kind: 'text' },
        { name: 'begin_date', label: 'Begins', kind: 'text', placeholder: 'YYYY-MM-DD' },
        { name: 'end_date', label: 'Ends', kind: 'text', placeholder: 'YYYY-MM-DD' },
      ],
      emptyRow: { rightsholder_id: null, type: 'master', share: '100', begin_date: '', end_date: '' },
    },
    {
      name: 'recording_payees', label: 'Payees', kind: 'rows', input: 'recording_payees_attributes', addLabel: 'Add payee',
      rowFields: [rowLink('payee_id', 'Payee', 'payees', 'payee'), { name: 'split', label: 'Split %', kind: 'text' }],
      emptyRow: { payee_id: null, split: '' },
    },
  ],
  columns: [
    { field: 'title', header: 'Title', sortable: true },
    { field: 'display_artists', header: 'Artists', sortable: true },
    { field: 'isrc', header: 'ISRC', sortable: true },
    { field: 'length', header: 'Length', sortable: true },
    { field: 'status', header: 'Status', sortable: true },
  ],
  defaultSort: { field: 'created_at', order: 'desc' },
  schema: recordingInput,
};

export const CATALOGUE_CONFIGS: Readonly<Record<string, ReferenceConfig>> = {
  artists: artist,
  contributors: contributor,
  payees: payee,
  releases: release,
  recordings: recording,
};
