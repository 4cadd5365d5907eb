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
import { RECORDING_DEFAULTS, RELEASE_DEFAULTS, RELEASE_STATUSES } from '../../../shared/catalogue.js';
import { COVER_ART_CONTENT_TYPES } from '../../../shared/constants.js';

/**
 * A company's catalogue records: artists, contributors, payees. `tenantId` leads
 * every tenant key, so a query cannot leave its tenant; admins reach all tenants through gsi1
 * (every record) and gsi2 (one record by id), so one generic tenant resource serves them all.
 */

const keys = {
  byTenant: { pk: { field: 'pk', composite: ['tenantId'] }, sk: { field: 'sk', composite: ['id'] } },
  all: {
    index: 'gsi1',
    pk: { field: 'gsi1pk', composite: [] },
    sk: { field: 'gsi1sk', composite: ['tenantId', 'id'] },
  },
  byId: { index: 'gsi2', pk: { field: 'gsi2pk', composite: ['id'] }, sk: { field: 'gsi2sk', composite: [] } },
} as const;

const owner = { tenantId: { type: 'string', required: true }, id: { type: 'string', required: true } } as const;

const urlRows = {
  type: 'list',
  items: {
    type: 'map',
    properties: { id: { type: 'string' }, link: { type: 'string' }, link_text: { type: 'string' } },
  },
} as const;

export const Artist = new Entity({
  model: { entity: 'artist', version: '1', service: SERVICE },
  attributes: {
    ...owner,
    name: { type: 'string', required: true },
    email: { type: 'string' },
    /** individual or band. */
    config: { type: 'string', default: 'individual' },
    biog: { type: 'string' },
    image: storedFile,
    artist_identifiers: {
      type: 'list',
      items: {
        type: 'map',
        properties: {
          id: { type: 'string' },
          service: { type: 'string' },
          identifier: { type: 'string' },
          new: { type: 'boolean' },
        },
      },
    },
    artist_members: {
      type: 'list',
      items: {
        type: 'map',
        properties: {
          id: { type: 'string' },
          contributor_id: { type: 'string' },
          membership_type: { type: 'string' },
          roles: { type: 'list', items: { type: 'string' } },
          payee_id: { type: 'string' },
          active: { type: 'boolean' },
        },
      },
    },
    urls: urlRows,
    /** Other artists of the company this one is linked to. */
    linked_ids: { type: 'list', items: { type: 'string' } },
    ...timestamps,
  },
  indexes: keys,
});

export const Contributor = new Entity({
  model: { entity: 'contributor', version: '1', service: SERVICE },
  attributes: {
    ...owner,
    name: { type: 'string', required: true },
    email: { type: 'string' },
    society_id: { type: 'string' },
    /** CWR: the writer's IPI name number. */
    ipi_name_number: { type: 'string' },
    ...timestamps,
  },
  indexes: keys,
});

export const Payee = new Entity({
  model: { entity: 'payee', version: '1', service: SERVICE },
  attributes: {
    ...owner,
    name: { type: 'string', required: true },
    email: { type: 'string' },
    /** Statement settings; graphs start off for payees, the rest empty. */
    statement_settings: {
      type: 'map',
      properties: {
        default_summaries: { type: 'list', items: { type: 'string' } },
        formats: { type: 'list', items: { type: 'string' } },
        frequency: { type: 'string' },
        graphs: { type: 'boolean' },
      },
    },
    /** Money fields of the payee's account: 2-decimal strings. */
    minimum_payout: { type: 'string', default: '0.00' },
    self_billing: { type: 'boolean', default: false },
    vat_registered: { type: 'boolean', default: false },
    vat_number: { type: 'string' },
    vat_rate: { type: 'number', default: 20 },
    /** Percent of what a statement pays that the label withholds as tax; absent or 0: none. */
    withholding_tax_rate: { type: 'number' },
    address: { type: 'string' },
    /** The tax form the payee gave (W-9, W-8BEN, W-8BEN-E, Other), the day it was signed and the last day it is
     * good for, worked out by shared/tax-forms.ts ('' when none, or when it never runs out). */
    tax_form: { type: 'string' },
    tax_form_signed_on: { type: 'string' },
    tax_form_expires_on: { type: 'string' },
    ...timestamps,
  },
  indexes: keys,
});

/**
 * Nested rows whose shape the input schemas define (shared/schemas/catalogue.ts); stored as they
 * were validated. Not ElectroDB maps: a map drops properties it does not list and refuses null.
 */
const rows = { type: 'any' } as const;
const codes = { type: 'list', items: { type: 'string' } } as const;
const genreLinks = {
  primary_genre_id: { type: 'string' },
  secondary_genre_id: { type: 'string' },
  primary_subgenre_id: { type: 'string' },
  secondary_subgenre_id: { type: 'string' },
} as const;
/** A year or '' (the forms send a blank year as ''): two types, so not one ElectroDB type. */
const year = { type: 'any' } as const;
const copyrightLines = {
  c_line: { type: 'string' },
  c_line_year: year,
  p_line: { type: 'string' },
  p_line_year: year,
} as const;

/** One move of a release's status (quality control): appended, never rewritten. */
const statusHistory = {
  type: 'list',
  items: {
    type: 'map',
    properties: {
      at: { type: 'string', required: true },
      by_id: { type: 'string' },
      by_name: { type: 'string' },
      from: { type: 'string', required: true },
      to: { type: 'string', required: true },
      reasons: { type: 'list', items: { type: 'string' } },
      findings: { type: 'list', items: { type: 'string' } },
      note: { type: 'string' },
    },
  },
} as const;

/** Where a recording's uploaded audio is. */
const AUDIO_STATUSES = ['uploading', 'processing', 'ready', 'failed'] as const;

export const Release = new Entity({
  model: { entity: 'release', version: '1', service: SERVICE },
  attributes: {
    ...owner,
    title: { type: 'string', required: true },
    version: { type: 'string' },
    cat_no: { type: 'string' },
    status: { type: RELEASE_STATUSES, default: 'drafted' },
    /** Every status move, oldest first (functions/catalogue/release-status.ts): who, when, from, to, why. */
    status_history: statusHistory,
    label_id: { type: 'string' },
    release_date: { type: 'string' },
    original_release_date: { type: 'string' },
    ...copyrightLines,
    liner_notes: { type: 'string' },
    notes: { type: 'string' },
    compilation: { type: 'boolean', default: false },
    explicit: { type: 'boolean', default: false },
    recording_year: year,
    recording_location: { type: 'string' },
    total_volumes: { type: 'number', default: 1 },
    config: { type: 'string', default: 'audio_release' },
    locked_payee_shares: { type: 'boolean', default: true },
    /** How the release's page shows its recordings (cards or table), kept with the release. */
    recordings_display_type: { type: 'string', default: RELEASE_DEFAULTS.recordings_display_type },
    blocked_from_sale: { type: 'boolean', default: false },
    upc: { type: 'string' },
    country_id: { type: 'string' },
    metadata_language_id: { type: 'string' },
    ...genreLinks,
    territories: codes,
    excluded_territories: codes,
    /** Built from the artist rows on save, so lists and pickers can search it. */
    display_artists: { type: 'string' },
    artist_releases: rows,
    release_identifiers: rows,
    products: rows,
    release_recordings: rows,
    /** The catalogue's depth: format, images beside the cover art, links, to-dos. */
    release_format: { type: 'string' },
    images: rows,
    urls: rows,
    todo_tasks: rows,
    /**
     * The cover art that passed the upload worker's checks: the original in
     * the uploads bucket, its type, size and pixels, and the small and medium JPEGs made from it.
     */
    artwork: {
      type: 'map',
      properties: {
        key: { type: 'string', required: true },
        content_type: { type: COVER_ART_CONTENT_TYPES, required: true },
        width: { type: 'number', required: true },
        height: { type: 'number', required: true },
        bytes: { type: 'number', required: true },
        thumbnail_key: { type: 'string', required: true },
        medium_key: { type: 'string', required: true },
        uploaded_at: { type: 'string', required: true },
      },
    },
    /**
     * The latest cover art upload while the worker checks it, or why it was refused (the file is
     * deleted; the checked `artwork` before it stays): status uploading → processing → ready | failed.
     */
    artwork_upload: {
      type: 'map',
      properties: {
        status: { type: AUDIO_STATUSES, required: true },
        key: { type: 'string', required: true },
        filename: { type: 'string', required: true },
        reason: { type: 'string' },
      },
    },
    ...timestamps,
  },
  indexes: keys,
});

export const Recording = new Entity({
  model: { entity: 'recording', version: '1', service: SERVICE },
  attributes: {
    ...owner,
    title: { type: 'string', required: true },
    isrc: { type: 'string' },
    mix_title: { type: 'string' },
    alternative_title: { type: 'string' },
    // Every new recording's defaults come from one list, whichever route creates it.
    copyright_year: { ...year, default: RECORDING_DEFAULTS.copyright_year },
    length: { type: 'string', default: RECORDING_DEFAULTS.length },
    status: { type: RELEASE_STATUSES, default: RECORDING_DEFAULTS.status },
    category: { type: 'string', default: RECORDING_DEFAULTS.category },
    explicit: { type: 'boolean', default: false },
    explicit_lyrics: { type: 'boolean', default: false },
    album_only: { type: 'boolean', default: false },
    remastered: { type: 'boolean', default: false },
    sample: { type: 'boolean', default: false },
    medley: { type: 'boolean', default: false },
    film_tv: { type: 'boolean', default: false },
    classical: { type: 'boolean', default: false },
    blocked_from_sale: { type: 'boolean', default: false },
    locked_payee_shares: { type: 'boolean', default: RECORDING_DEFAULTS.locked_payee_shares },
    ...copyrightLines,
    recording_venue: { type: 'string' },
    recording_date: { type: 'string' },
    preview_start: { type: 'number' },
    preview_length: { type: 'number' },
    lyrics: { type: 'string' },
    tempo: { type: 'number' },
    musical_key: { type: 'string' },
    time_signature: { type: 'string' },
    instrumentation: { type: 'string' },
    audio_language_id: { type: 'string' },
    metadata_language_id: { type: 'string' },
    recording_country_id: { type: 'string' },
    commissioning_country_id: { type: 'string' },
    first_publication_country_id: { type: 'string' },
    ...genreLinks,
    display_artists: { type: 'string' },
    /**
     * The uploaded audio and what the worker made of it: status
     * uploading → processing → ready or failed (with a reason), the source object, the mp3
     * preview and waveform peaks objects, duration, sample rate, channels and bit depth (absent
     * when the format has none).
     */
    audio: {
      type: 'map',
      properties: {
        status: { type: AUDIO_STATUSES, required: true },
        reason: { type: 'string' },
        source_key: { type: 'string', required: true },
        filename: { type: 'string', required: true },
        size: { type: 'number' },
        duration_ms: { type: 'number' },
        sample_rate: { type: 'number' },
        channels: { type: 'number' },
        bit_depth: { type: 'number' },
        preview_key: { type: 'string' },
        peaks_key: { type: 'string' },
      },
    },
    artist_recordings: rows,
    contributor_recordings: rows,
    recording_performers: rows,
    rightsholdings: rows,
    publisher_recordings: rows,
    recording_payees: rows,
    /** The catalogue's depth: identity, audio analysis, languages and child rows. */
    ident: { type: 'string' },
    volume: { type: 'number' },
    /**
     * Recordings stored before a recording had a configuration have none: read back, every reader (the API, the
     * exports, the workers) gets the default, an audio recording, as a new one is stored with. `watch: '*'` has the
     * getter run on every read, also when the item has no such attribute; it sets nothing on a write.
     */
    config: {
      type: 'string',
      default: RECORDING_DEFAULTS.config,
      watch: '*',
      get: (value?: string) => value ?? RECORDING_DEFAULTS.config,
    },
    sentiment: { type: 'number' },
    danceability: { type: 'number' },
    energy: { type: 'number' },
    loudness: { type: 'number' },
    language_ids: codes,
    repertoire_ownerships: rows,
    product_items: rows,
    recording_identifiers: rows,
    urls: rows,
    recording_songs: rows,
    ...timestamps,
  },
  indexes: keys,
});

export const Song = new Entity({
  model: { entity: 'song', version: '1', service: SERVICE },
  attributes: {
    ...owner,
    title: { type: 'string', required: true },
    iswc: { type: 'string' },
    alternative_titles: { type: 'string' },
    artist_name: { type: 'string' },
    duration: { type: 'string' },
    tunecode: { type: 'string' },
    work_category: { type: 'string' },
    work_status: { type: 'string' },
    share_status: { type: 'string' },
    us_society: { type: 'string' },
    additional_details: { type: 'string' },
    active_case_indicators: { type: 'boolean', default: false },
    assign_to_us_society: { type: 'boolean', default: false },
    classical_work: { type: 'boolean', default: false },
    dramatico_musical_work: { type: 'boolean', default: false },
    film_tv_music: { type: 'boolean', default: false },
    medley: { type: 'boolean', default: false },
    samples: { type: 'boolean', default: false },
    tv_radio_cimena_advert_ident: { type: 'boolean', default: false },
    work_amended: { type: 'boolean', default: false },
    work_registered: { type: 'boolean', default: false },
    /** CWR ORN: the production a film/TV song was made for. */
    production_title: { type: 'string' },
    publisher_songs: rows,
    song_writers: rows,
    ...timestamps,
  },
  indexes: keys,
});

export type ArtistItem = EntityItem<typeof Artist>;
export type CreateArtist = CreateEntityItem<typeof Artist>;
export type UpdateArtist = UpdateEntityItem<typeof Artist>;
export type ArtistIds = EntityIdentifiers<typeof Artist>;

export type ContributorItem = EntityItem<typeof Contributor>;
export type CreateContributor = CreateEntityItem<typeof Contributor>;
export type UpdateContributor = UpdateEntityItem<typeof Contributor>;
export type ContributorIds = EntityIdentifiers<typeof Contributor>;

export type PayeeItem = EntityItem<typeof Payee>;
export type CreatePayee = CreateEntityItem<typeof Payee>;
export type UpdatePayee = UpdateEntityItem<typeof Payee>;
export type PayeeIds = EntityIdentifiers<typeof Payee>;

export type ReleaseItem = EntityItem<typeof Release>;
export type CreateRelease = CreateEntityItem<typeof Release>;
export type UpdateRelease = UpdateEntityItem<typeof Release>;
export type ReleaseIds = EntityIdentifiers<typeof Release>;

export type RecordingItem = EntityItem<typeof Recording>;
export type CreateRecording = CreateEntityItem<typeof Recording>;
export type UpdateRecording = UpdateEntityItem<typeof Recording>;
export type RecordingIds = EntityIdentifiers<typeof Recording>;
/** A recording's uploaded audio and what the upload worker made of it. */
export type RecordingAudio = NonNullable<RecordingItem['audio']>;
export type ReleaseArtwork = NonNullable<ReleaseItem['artwork']>;
export type ReleaseArtworkUpload = NonNullable<ReleaseItem['artwork_upload']>;

export type SongItem = EntityItem<typeof Song>;
export type CreateSong = CreateEntityItem<typeof Song>;
export type UpdateSong = UpdateEntityItem<typeof Song>;
export type SongIds = EntityIdentifiers<typeof Song>;
