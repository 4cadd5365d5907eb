import {
  ARTIST_ROLES,
  CONTRIBUTOR_CREDITS,
  PRICE_TIERS,
  PRODUCT_DEFAULTS,
  PRODUCT_FORMATS,
  PRODUCT_TYPES,
  RECORDING_CATEGORIES,
  RECORDING_DEFAULTS,
  RELEASE_CONFIGS,
  RIGHTSHOLDING_TYPES,
} from '../../../../shared/catalogue';
import { humanizeField, VALIDATION } from '../../../../shared/messages';
import { recordingInput, releaseInput } from '../../../../shared/schemas/catalogue';
import { rules } from '../../components/form-rules';
import {
  checkbox,
  countryLink as countryLinkField,
  date,
  link,
  required,
  rowLink,
  select,
  text,
  textarea,
} from '../admin/reference/reference-fields';
import type { ReferenceConfig, ReferenceField, RowField } from '../admin/reference/reference-types';
import { artistShareWords, normaliseArtistRows } from './artist-rows';
import { RECORDING_FORMATS } from './share-words';
import { ReleaseCheckPanel } from './release-check-panel';
import { withAssetLicences } from '../licensing/asset-licenses';
import { CoverThumbnail, withCoverArt } from './release-cover-art';
import { duplicateRelease } from './release-duplicate';
import { companyField } from './people-configs';
import { RecordingReleases } from './related-records';
import { ReleaseAudioUploads } from './release-audio-uploads';
import { queueRecording, RecordingFormAudio } from './recording-audio-panel';
import { RECORDING_TOUR, RELEASE_TOUR } from './tours';
import { recordingDepthRows, recordingDepthScalars, releaseDepthFields } from './depth-fields';
import { withReleaseDepth } from './release-depth-panel';
import { lengthShown } from './recording-length';
import { releasePageLinks } from './release-page-links';
import { ReleaseRecordingsSection } from './release-recordings-section';
import { ReleaseProductsSection } from './release-products-section';

/**
 * A company's releases and recordings: every field with its default, artist rows,
 * products, recordings on the release, and the release page's metadata check.
 */
const yearField = (name: string, label: string, section?: string) =>
  text(name, label, [rules.pattern(/^\d{4}$/, `${label} must be a year`)], {
    constraint: 'YYYY',
    ...(section ? { section } : {}),
  });
/** What a new release leaves empty here, its label's settings fill (functions/label-tools/release-defaults.ts). */
const FROM_LABEL = { constraint: 'Left empty on a new release, the label’s settings fill it' };
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
  name,
  label: 'Artists',
  kind: 'rows',
  input,
  addLabel: 'Add artist',
  rowFields: [...artistRowFields, ...extra],
  emptyRow: {
    artist_id: null,
    role: '',
    join_text: '',
    payee_share: '',
    ...Object.fromEntries(extra.map((f) => [f.name, f.name === 'digital_royalty_share' ? '100' : '0'])),
  },
  normaliseRows: normaliseArtistRows,
  // What the shares pay: a recording's per kind of income (its extra share fields), a release's as a whole.
  words: artistShareWords(extra.length ? RECORDING_FORMATS : []),
});
const LINES = 'Copyright';
const DETAILS = 'Details';

export const release: ReferenceConfig = {
  collection: 'releases',
  singular: 'release',
  title: 'Releases',
  notice: 'Release',
  noun: 'release',
  nounPlural: 'releases',
  titleField: 'title',
  idsKey: 'release_ids',
  tenant: true,
  afterSaveRoute: (base, id, isNew) => `${base}/${encodeURIComponent(id)}${isNew ? '/edit' : ''}`,
  duplicateOf: duplicateRelease,
  // The artists as the artist rows make them (what stores show); the status is in the quality control section.
  detailColumns: ['display_artists'],
  pageLinks: { label: 'Release pages', links: releasePageLinks },
  RowsSections: { release_recordings: ReleaseRecordingsSection, products: ReleaseProductsSection },
  DetailExtra: withAssetLicences(withCoverArt(withReleaseDepth(ReleaseCheckPanel))),
  FormExtra: ReleaseAudioUploads,
  tour: RELEASE_TOUR,
  fields: [
    companyField,
    { ...link('label_id', 'Label', 'labels', 'label') },
    text('title', 'Title', [required('Title')]),
    text('version', 'Version'),
    text('cat_no', 'Catalogue number', [], { constraint: 'Left empty, it follows the label’s last release' }),
    text('upc', 'UPC', [upcRule], { constraint: 'Or a text containing "assign" until one is assigned' }),
    { ...languageField('metadata_language', 'Metadata language'), ...FROM_LABEL },
    date('release_date', 'Release date'),
    date('original_release_date', 'Original release date'),
    { ...genreField('primary_genre', 'Primary genre'), ...FROM_LABEL },
    genreField('secondary_genre', 'Secondary genre'),
    genreField('primary_subgenre', 'Primary subgenre'),
    genreField('secondary_subgenre', 'Secondary subgenre'),
    text('c_line', 'C line', [], { section: LINES, ...FROM_LABEL }),
    yearField('c_line_year', 'C line year', LINES),
    text('p_line', 'P line', [], { section: LINES, ...FROM_LABEL }),
    yearField('p_line_year', 'P line year', LINES),
    { ...countryLinkField(), section: DETAILS },
    { name: 'territories', label: 'Territories', kind: 'territories', section: DETAILS, ...FROM_LABEL },
    {
      name: 'excluded_territories',
      label: 'Excluded territories',
      kind: 'territories',
      none: 'None',
      constraint: 'Countries where the release is not sold',
      section: DETAILS,
    },
    { ...select('config', 'Configuration', RELEASE_CONFIGS, 'audio_release'), section: DETAILS },
    {
      ...text('total_volumes', 'Total volumes', [rules.number('Total volumes', 1)], { section: DETAILS }),
      initial: '1',
    } as ReferenceField,
    yearField('recording_year', 'Recording year', DETAILS),
    text('recording_location', 'Recording location', [], { section: DETAILS }),
    checkbox('compilation', 'Compilation', false, { section: DETAILS }),
    checkbox('explicit', 'Explicit', false, { section: DETAILS }),
    checkbox('locked_payee_shares', 'Locked payee shares', true, { section: DETAILS }),
    checkbox('blocked_from_sale', 'Blocked from sale', false, { section: DETAILS }),
    textarea('liner_notes', 'Liner notes', { section: DETAILS }),
    textarea('notes', 'Notes', { section: DETAILS }),
    ...releaseDepthFields,
    artistRows('artist_releases', 'artist_releases_attributes'),
    {
      name: 'products',
      label: 'Products',
      kind: 'rows',
      input: 'products_attributes',
      addLabel: 'Add product',
      rowFields: [
        { name: 'format', label: 'Format', kind: 'select', options: PRODUCT_FORMATS },
        { name: 'type_of', label: 'Type', kind: 'select', options: PRODUCT_TYPES },
        { name: 'price_tier', label: 'Price tier', kind: 'select', options: PRICE_TIERS },
        { name: 'product_type', label: 'Product type', kind: 'text', placeholder: 'Album, EP, Single' },
        { name: 'upc', label: 'UPC', kind: 'text' },
        { name: 'product_territories', label: 'Territories', kind: 'territories' },
        { name: 'dealer_price', label: 'Dealer price', kind: 'text' },
        { name: 'wholesale_price', label: 'Wholesale price', kind: 'text' },
        { name: 'retail_price', label: 'Retail price', kind: 'text' },
        { name: 'pre_order', label: 'Pre-order', kind: 'checkbox' },
        { name: 'pre_order_date', label: 'Pre-order date', kind: 'date' },
        { name: 'streaming', label: 'Streaming', kind: 'checkbox' },
        { name: 'subscription', label: 'Subscription', kind: 'checkbox' },
      ],
      emptyRow: {
        ...PRODUCT_DEFAULTS,
        product_type: '',
        upc: '',
        product_territories: [],
        dealer_price: '',
        wholesale_price: '',
        retail_price: '',
        pre_order: false,
        pre_order_date: '',
        streaming: true,
        subscription: true,
      },
    },
    {
      name: 'release_recordings',
      label: 'Recordings',
      kind: 'rows',
      input: 'release_recordings_attributes',
      addLabel: 'Add recording',
      rowFields: [
        rowLink('recording_id', 'Recording', 'recordings', 'recording'),
        { name: 'position', label: 'Position', kind: 'text' },
        { name: 'disc_number', label: 'Disc', kind: 'text' },
      ],
      emptyRow: { recording_id: null, position: '', disc_number: '1' },
    },
  ],
  columns: [
    { field: 'artwork', header: 'Cover', Cell: CoverThumbnail },
    { field: 'title', header: 'Title', sortable: true },
    { field: 'display_artists', header: 'Artists', sortable: true },
    { field: 'cat_no', header: 'Cat no', sortable: true },
    { field: 'release_date', header: 'Release date', sortable: true },
    { field: 'status', header: 'Status', sortable: true, badge: true },
  ],
  defaultSort: { field: 'created_at', order: 'desc' },
  schema: releaseInput,
};

export const recording: ReferenceConfig = {
  collection: 'recordings',
  singular: 'recording',
  title: 'Recordings',
  notice: 'Recording',
  noun: 'recording',
  nounPlural: 'recordings',
  titleField: 'title',
  idsKey: 'recording_ids',
  tenant: true,
  // The artists as the artist rows make them, and where the recording stands.
  detailColumns: ['display_artists', 'status'],
  DetailExtra: withAssetLicences(RecordingReleases),
  FormExtra: RecordingFormAudio,
  tour: RECORDING_TOUR,
  rowAction: {
    label: 'Add to queue',
    enabled: (row) => Boolean((row.audio as { preview_url?: string } | null)?.preview_url),
    run: (row) => queueRecording(row as Parameters<typeof queueRecording>[0]),
  },
  fields: [
    companyField,
    text('title', 'Title', [required('Title')]),
    text('mix_title', 'Mix title'),
    text('isrc', 'ISRC', [], { constraint: 'e.g. GB-AAA-05-00001; dashes are removed' }),
    text('alternative_title', 'Alternative title'),
    // A new recording's form starts with its defaults, as the API stores them when left empty; the page shows the
    // default length (no audio read yet) as no length.
    {
      ...text('length', 'Length', [rules.pattern(/^\d{2}:[0-5]\d:[0-5]\d$/, 'Length must be HH:MM:SS')], {
        constraint: 'HH:MM:SS',
        describe: (record) => lengthShown(record.length),
      }),
      initial: RECORDING_DEFAULTS.length,
    } as ReferenceField,
    {
      ...yearField('copyright_year', 'Copyright year'),
      initial: String(RECORDING_DEFAULTS.copyright_year),
    } as ReferenceField,
    select('category', 'Category', RECORDING_CATEGORIES, RECORDING_DEFAULTS.category),
    languageField('audio_language', 'Audio language'),
    languageField('metadata_language', 'Metadata language'),
    genreField('primary_genre', 'Primary genre'),
    genreField('secondary_genre', 'Secondary genre'),
    genreField('primary_subgenre', 'Primary subgenre'),
    genreField('secondary_subgenre', 'Secondary subgenre'),
    text('c_line', 'C line', [], { section: LINES }),
    yearField('c_line_year', 'C line year', LINES),
    text('p_line', 'P line', [], { section: LINES }),
    yearField('p_line_year', 'P line year', LINES),
    ...(
      [
        'explicit',
        'explicit_lyrics',
        'album_only',
        'remastered',
        'sample',
        'medley',
        'film_tv',
        'classical',
        'blocked_from_sale',
      ] as const
    ).map((flag) => checkbox(flag, humanizeField(flag), false, { section: DETAILS })),
    checkbox('locked_payee_shares', 'Locked payee shares', true, { section: DETAILS }),
    text('recording_venue', 'Recording venue', [], { section: DETAILS }),
    { ...link('recording_country_id', 'Country of recording', 'countries', 'recording_country'), section: DETAILS },
    {
      ...link('commissioning_country_id', 'Country of commissioning', 'countries', 'commissioning_country'),
      section: DETAILS,
    },
    {
      ...link('first_publication_country_id', 'Country of first publication', 'countries', 'first_publication_country'),
      section: DETAILS,
    },
    date('recording_date', 'Recording date', { section: DETAILS }),
    text('tempo', 'Tempo (BPM)', [], { section: DETAILS }),
    text('musical_key', 'Key', [], { section: DETAILS }),
    textarea('lyrics', 'Lyrics', { section: DETAILS }),
    ...recordingDepthScalars,
    artistRows('artist_recordings', 'artist_recordings_attributes', [
      { name: 'digital_royalty_share', label: 'Digital %', kind: 'text' },
      { name: 'physical_royalty_share', label: 'Physical %', kind: 'text' },
      { name: 'licensing_royalty_share', label: 'Licensing %', kind: 'text' },
    ]),
    {
      name: 'contributor_recordings',
      label: 'Contributors',
      kind: 'rows',
      input: 'contributor_recordings_attributes',
      addLabel: 'Add contributor',
      rowFields: [
        { ...rowLink('contributor_id', 'Contributor', 'contributors', 'contributor'), quickAdd: true },
        { name: 'roles', label: 'Credits', kind: 'multiselect', options: CONTRIBUTOR_CREDITS },
      ],
      emptyRow: { contributor_id: null, roles: [] },
    },
    {
      name: 'publisher_recordings',
      label: 'Publishers',
      kind: 'rows',
      input: 'publisher_recordings_attributes',
      addLabel: 'Add publisher',
      rowFields: [{ ...rowLink('publisher_id', 'Publisher', 'company_publishers', 'publisher'), quickAdd: true }],
      emptyRow: { publisher_id: null },
    },
    {
      name: 'recording_performers',
      label: 'Performers',
      kind: 'rows',
      input: 'recording_performers_attributes',
      addLabel: 'Add performer',
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
      name: 'rightsholdings',
      label: 'Rightsholdings',
      kind: 'rows',
      input: 'rightsholdings_attributes',
      addLabel: 'Add rightsholding',
      rowFields: [
        { ...rowLink('rightsholder_id', 'Rightsholder', 'rightsholders', 'rightsholder'), quickAdd: true },
        { name: 'type', label: 'Type', kind: 'select', options: RIGHTSHOLDING_TYPES },
        { name: 'share', label: 'Share %', kind: 'text' },
        { name: 'begin_date', label: 'Begins', kind: 'date' },
        { name: 'end_date', label: 'Ends', kind: 'date' },
      ],
      emptyRow: { rightsholder_id: null, type: 'master', share: '100', begin_date: '', end_date: '' },
    },
    {
      name: 'recording_payees',
      label: 'Payees',
      kind: 'rows',
      input: 'recording_payees_attributes',
      addLabel: 'Add payee',
      rowFields: [rowLink('payee_id', 'Payee', 'payees', 'payee'), { name: 'split', label: 'Split %', kind: 'text' }],
      emptyRow: { payee_id: null, split: '' },
    },
    ...recordingDepthRows,
  ],
  columns: [
    { field: 'title', header: 'Title', sortable: true },
    { field: 'display_artists', header: 'Artists', sortable: true },
    { field: 'isrc', header: 'ISRC', sortable: true },
    { field: 'length', header: 'Length', sortable: true },
    { field: 'status', header: 'Status', sortable: true, badge: true },
  ],
  defaultSort: { field: 'created_at', order: 'desc' },
  schema: recordingInput,
};
