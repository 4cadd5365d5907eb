import {
  artistInput,
  contributorInput,
  payeeInput,
  recordingInput,
  releaseInput,
  songInput,
} from '../../shared/schemas/catalogue.js';
import {
  ARTIST_ROW_SHARES,
  identifierLink,
  PRODUCT_DEFAULTS,
  RECORDING_DEFAULTS,
  RELEASE_DEFAULTS,
} from '../../shared/catalogue.js';
import type { Link } from '../reference/record-links.js';
import { LOGO_CONTENT_TYPES, MAX_LOGO_BYTES } from '../../shared/constants.js';
import { RELEASE_FORMAT_DEFAULT } from '../../shared/catalogue.js';
import type { TenantCollection } from './tenant-resource.js';
import { type TaxFormFields, taxFormRunningOut } from '../../shared/tax-forms.js';

const rowsOf = (record: Record<string, unknown>, field: string) =>
  (record[field] as Record<string, unknown>[] | undefined) ?? [];
const artistOnRow: Link = { field: 'artist_id', to: 'artists', as: 'artist', scope: 'tenant' };
/** The genre, language and country links releases and recordings share (reference data). */
const genreLinks: Link[] = ['primary_genre', 'secondary_genre', 'primary_subgenre', 'secondary_subgenre'].map((as) => ({
  field: `${as}_id`,
  to: 'genres',
  as,
}));
const language = (as: string): Link => ({ field: `${as}_id`, to: 'languages', as });
/** A release's additional images (back cover, booklet …): checked to be images by the uploads worker. */
const releaseImage = (tenantId: string) => ({
  field: 'image',
  prefix: `images/${tenantId}/releases/`,
  contentTypes: LOGO_CONTENT_TYPES,
  maxBytes: MAX_LOGO_BYTES * 4,
});

/**
 * The catalogue collections every company keeps; each is one entry here. Data
 * only: the hooks that reach other areas are attached in tenant-resources.ts, which only entry
 * points import, so the reference area and the upload worker can read this without them.
 */
export const TENANT_COLLECTIONS: TenantCollection[] = [
  {
    collection: 'artists',
    singular: 'artist',
    title: 'Artist',
    entity: 'Artist',
    input: artistInput,
    sortFields: ['name', 'config', 'email', 'created_at'],
    searchFields: ['name', 'email'],
    tenantSettable: true,
    shape: (tenantId) => ({
      rows: [
        {
          input: 'artist_identifiers_attributes',
          stored: 'artist_identifiers',
          // The answer carries each identifier's outbound link.
          present: (row) => ({ ...row, link: identifierLink(String(row.service ?? ''), String(row.identifier ?? '')) }),
        },
        {
          input: 'artist_members_attributes',
          stored: 'artist_members',
          links: [
            { field: 'contributor_id', to: 'contributors', as: 'contributor', scope: 'tenant' },
            { field: 'payee_id', to: 'payees', as: 'payee', scope: 'tenant' },
          ],
          defaults: { active: true, roles: [] },
        },
        { input: 'urls_attributes', stored: 'urls' },
      ],
      idLists: [{ field: 'linked_ids', to: 'artists', as: 'linked_artists', scope: 'tenant' }],
      files: [
        {
          field: 'image',
          prefix: `images/${tenantId}/artists/`,
          contentTypes: LOGO_CONTENT_TYPES,
          maxBytes: MAX_LOGO_BYTES,
        },
      ],
    }),
  },
  {
    collection: 'contributors',
    singular: 'contributor',
    title: 'Contributor',
    entity: 'Contributor',
    input: contributorInput,
    sortFields: ['name', 'email', 'created_at'],
    searchFields: ['name', 'email'],
    tenantSettable: true,
    shape: () => ({ links: [{ field: 'society_id', to: 'societies', as: 'society' }] }),
  },
  {
    collection: 'payees',
    singular: 'payee',
    title: 'Payee',
    entity: 'Payee',
    input: payeeInput,
    sortFields: ['name', 'email', 'created_at'],
    searchFields: ['name', 'email'],
    shape: () => ({ objects: [{ input: 'statement_settings_attributes', stored: 'statement_settings' }] }),
    // Statement settings start empty, graphs off for payees.
    defaults: { statement_settings: { default_summaries: [], formats: [], frequency: '', graphs: false } },
    listFilters: {
      // Forms to ask again for: run out, or running out within TAX_FORM_NOTICE_DAYS.
      tax_form_running_out: (row) => taxFormRunningOut(row as TaxFormFields, new Date().toISOString().slice(0, 10)),
    },
  },
  {
    collection: 'releases',
    singular: 'release',
    title: 'Release',
    entity: 'Release',
    input: releaseInput,
    nameField: 'title',
    sortFields: ['title', 'cat_no', 'release_date', 'status', 'display_artists', 'upc', 'created_at'],
    searchFields: ['title', 'cat_no', 'upc', 'display_artists', 'version'],
    pickerFields: ['cat_no', 'title', 'display_artists'],
    unique: ['upc', 'cat_no'],
    // "assign" stands for a UPC still to come; many releases may wait for one.
    uniqueExempt: (field, value) => field === 'upc' && /assign/i.test(String(value ?? '')),
    addedMessage: 'Release Successfully Added',
    defaults: { ...RELEASE_DEFAULTS, release_format: RELEASE_FORMAT_DEFAULT },
    listFilters: {
      drafts: (row) => row.status === 'drafted',
      // The admin quality control queue: /admin/releases?quality_control=true.
      quality_control: (row) => row.status === 'quality_control',
    },
    idFilters: {
      artist_id: (row, id) => rowsOf(row, 'artist_releases').some((r) => r.artist_id === id),
      recording_id: (row, id) => rowsOf(row, 'release_recordings').some((r) => r.recording_id === id),
    },
    undeletable: (row) => (row.status === 'drafted' ? undefined : 'Only drafted releases can be deleted'),
    shape: (tenantId) => ({
      links: [
        { field: 'label_id', to: 'labels', as: 'label', scope: 'tenant' },
        { field: 'country_id', to: 'countries', as: 'country' },
        language('metadata_language'),
        ...genreLinks,
      ],
      rows: [
        { input: 'artist_releases_attributes', stored: 'artist_releases', links: [artistOnRow] },
        { input: 'products_attributes', stored: 'products', defaults: { ...PRODUCT_DEFAULTS } },
        {
          input: 'release_recordings_attributes',
          stored: 'release_recordings',
          links: [{ field: 'recording_id', to: 'recordings', as: 'recording', scope: 'tenant' }],
          uniqueBy: { field: 'recording_id', message: 'This recording is already on the release' },
        },
        // Images beside the cover art (the artwork area owns the cover itself), uploaded through POST /releases/uploads.
        { input: 'images_attributes', stored: 'images', files: [releaseImage(tenantId)] },
        { input: 'urls_attributes', stored: 'urls' },
        { input: 'todo_tasks_attributes', stored: 'todo_tasks', defaults: { done: false } },
      ],
      // The upload route of the images' rows: a presigned PUT under the company's release images.
      files: [releaseImage(tenantId)],
    }),
  },
  {
    collection: 'recordings',
    singular: 'recording',
    title: 'Recording',
    entity: 'Recording',
    input: recordingInput,
    nameField: 'title',
    sortFields: ['title', 'isrc', 'display_artists', 'status', 'length', 'created_at'],
    searchFields: ['title', 'isrc', 'display_artists', 'mix_title'],
    pickerFields: ['title', 'isrc', 'display_artists'],
    unique: ['isrc'],
    idFilters: {
      artist_id: (row, id) => rowsOf(row, 'artist_recordings').some((r) => r.artist_id === id),
      // A song's recordings (the other side of recording_songs).
      song_id: (row, id) => rowsOf(row, 'recording_songs').some((r) => r.song_id === id),
    },
    // The list the Recording entity fills a new recording from; named here too so a field the form sent blank
    // ('') falls back to its default instead of being stored empty.
    defaults: { ...RECORDING_DEFAULTS },
    shape: () => ({
      links: [
        language('audio_language'),
        language('metadata_language'),
        ...genreLinks,
        ...['recording_country', 'commissioning_country', 'first_publication_country'].map((as) => ({
          field: `${as}_id`,
          to: 'countries',
          as,
        })),
      ],
      rows: [
        {
          input: 'artist_recordings_attributes',
          stored: 'artist_recordings',
          links: [artistOnRow],
          defaults: { ...ARTIST_ROW_SHARES },
        },
        {
          input: 'contributor_recordings_attributes',
          stored: 'contributor_recordings',
          links: [{ field: 'contributor_id', to: 'contributors', as: 'contributor', scope: 'tenant' }],
        },
        {
          input: 'recording_performers_attributes',
          stored: 'recording_performers',
          links: [
            { field: 'contributor_id', to: 'contributors', as: 'contributor', scope: 'tenant' },
            { field: 'society_id', to: 'societies', as: 'society' },
          ],
        },
        {
          input: 'rightsholdings_attributes',
          stored: 'rightsholdings',
          links: [{ field: 'rightsholder_id', to: 'rightsholders', as: 'rightsholder' }],
        },
        {
          input: 'publisher_recordings_attributes',
          stored: 'publisher_recordings',
          links: [{ field: 'publisher_id', to: 'publishers', as: 'publisher' }],
        },
        {
          input: 'recording_payees_attributes',
          stored: 'recording_payees',
          links: [{ field: 'payee_id', to: 'payees', as: 'payee', scope: 'tenant' }],
        },
        { input: 'repertoire_ownerships_attributes', stored: 'repertoire_ownerships' },
        { input: 'product_items_attributes', stored: 'product_items', defaults: { price_tier: 'Front' } },
        { input: 'recording_identifiers_attributes', stored: 'recording_identifiers' },
        { input: 'urls_attributes', stored: 'urls' },
        {
          input: 'recording_songs_attributes',
          stored: 'recording_songs',
          links: [{ field: 'song_id', to: 'songs', as: 'song', scope: 'tenant' }],
          uniqueBy: { field: 'song_id', message: 'This song is already linked to the recording' },
        },
      ],
      idLists: [{ field: 'language_ids', to: 'languages', as: 'languages' }],
    }),
  },
  {
    collection: 'songs',
    singular: 'song',
    title: 'Song',
    entity: 'Song',
    input: songInput,
    nameField: 'title',
    sortFields: ['title', 'iswc', 'artist_name', 'work_status', 'created_at'],
    searchFields: ['title', 'iswc', 'artist_name', 'alternative_titles', 'tunecode'],
    pickerFields: ['title', 'iswc'],
    shape: () => ({
      rows: [
        {
          input: 'publisher_songs_attributes',
          stored: 'publisher_songs',
          links: [{ field: 'publisher_id', to: 'publishers', as: 'publisher' }],
        },
        {
          input: 'song_writers_attributes',
          stored: 'song_writers',
          links: [{ field: 'contributor_id', to: 'contributors', as: 'contributor', scope: 'tenant' }],
        },
      ],
    }),
  },
];
