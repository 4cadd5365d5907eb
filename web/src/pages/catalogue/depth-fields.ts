import {
  PRICE_TIERS,
  PRODUCT_FORMATS,
  RECORDING_CONFIGS,
  RECORDING_DEFAULTS,
  RECORDING_IDENTIFIER_TYPES,
  RELEASE_FORMAT_DEFAULT,
} from '../../../../shared/catalogue';
import { rowLink, select, text } from '../admin/reference/reference-fields';
import type { ReferenceField } from '../admin/reference/reference-types';

/**
 * The form fields of the catalogue's depth that releases and recordings add to their
 * configs: release format, links, to-dos; a recording's identity, audio analysis, languages,
 * repertoire ownerships, price lines, identifiers and songs.
 */

const DETAILS = 'Details';
const ANALYSIS = 'Audio analysis';

/** Web links (releases, recordings): the link must start with http:// or https://. */
const urlRows: ReferenceField = {
  name: 'urls',
  label: 'Links',
  kind: 'rows',
  input: 'urls_attributes',
  addLabel: 'Add link',
  rowFields: [
    { name: 'link_text', label: 'Link text', kind: 'text', placeholder: 'Website' },
    { name: 'link', label: 'Link', kind: 'text', placeholder: 'https://' },
  ],
  emptyRow: { link_text: '', link: '' },
};

export const releaseDepthFields: ReferenceField[] = [
  { ...select('release_format', 'Format', PRODUCT_FORMATS, RELEASE_FORMAT_DEFAULT), section: DETAILS },
  urlRows,
  {
    name: 'todo_tasks',
    label: 'To-dos',
    kind: 'rows',
    input: 'todo_tasks_attributes',
    addLabel: 'Add to-do',
    rowFields: [
      { name: 'body', label: 'Task', kind: 'text' },
      { name: 'done', label: 'Done', kind: 'checkbox' },
    ],
    emptyRow: { body: '', done: false },
  },
];

const measure = (name: string, label: string, range: string) =>
  text(name, label, [], { section: ANALYSIS, constraint: range });

/** A recording's scalar depth fields, placed in its Details and Audio analysis sections. */
export const recordingDepthScalars: ReferenceField[] = [
  text('ident', 'Ident', [], { section: DETAILS }),
  text('volume', 'Volume', [], { section: DETAILS, constraint: 'The volume (disc) of the release, 1 to 99' }),
  { ...select('config', 'Configuration', RECORDING_CONFIGS, RECORDING_DEFAULTS.config), section: DETAILS },
  {
    name: 'language_ids',
    label: 'Languages',
    kind: 'links',
    collection: 'languages',
    as: 'languages',
    section: DETAILS,
  },
  text('preview_start', 'Preview start (seconds)', [], { section: DETAILS }),
  text('preview_length', 'Preview length (seconds)', [], { section: DETAILS }),
  text('time_signature', 'Time signature', [], { section: DETAILS, constraint: 'e.g. 4/4' }),
  text('instrumentation', 'Instrumentation', [], { section: DETAILS }),
  measure('sentiment', 'Sentiment', '-1 (negative) to 1 (positive)'),
  measure('danceability', 'Danceability', '0 to 1'),
  measure('energy', 'Energy', '0 to 1'),
  measure('loudness', 'Loudness (dB)', '-60 to 0'),
];

/** A recording's depth rows: repertoire ownerships, price lines, identifiers, links and songs. */
export const recordingDepthRows: ReferenceField[] = [
  {
    name: 'repertoire_ownerships',
    label: 'Repertoire ownerships',
    kind: 'rows',
    input: 'repertoire_ownerships_attributes',
    addLabel: 'Add ownership',
    rowFields: [
      { name: 'owner_name', label: 'Owner', kind: 'text' },
      { name: 'share', label: 'Share %', kind: 'text' },
      { name: 'territories', label: 'Territories', kind: 'territories' },
      { name: 'start_date', label: 'Starts', kind: 'date' },
      { name: 'end_date', label: 'Ends', kind: 'date' },
    ],
    emptyRow: { owner_name: '', share: '100', territories: [], start_date: '', end_date: '' },
  },
  {
    name: 'product_items',
    label: 'Price lines',
    kind: 'rows',
    input: 'product_items_attributes',
    addLabel: 'Add price line',
    rowFields: [
      { name: 'price_tier', label: 'Price tier', kind: 'select', options: PRICE_TIERS },
      { name: 'retail_price', label: 'Retail price', kind: 'text', money: true },
      { name: 'wholesale_price', label: 'Wholesale price', kind: 'text', money: true },
      { name: 'sample_start_time', label: 'Sample start (s)', kind: 'text' },
      { name: 'sample_length', label: 'Sample length (s)', kind: 'text' },
    ],
    emptyRow: { price_tier: 'Front', retail_price: '', wholesale_price: '', sample_start_time: '', sample_length: '' },
  },
  {
    name: 'recording_identifiers',
    label: 'Identifiers',
    kind: 'rows',
    input: 'recording_identifiers_attributes',
    addLabel: 'Add identifier',
    rowFields: [
      { name: 'type_of', label: 'Type', kind: 'select', options: RECORDING_IDENTIFIER_TYPES },
      { name: 'identifier', label: 'Identifier', kind: 'text' },
    ],
    emptyRow: { type_of: 'Proprietary', identifier: '' },
  },
  urlRows,
  {
    name: 'recording_songs',
    label: 'Songs',
    kind: 'rows',
    input: 'recording_songs_attributes',
    addLabel: 'Link a song',
    rowFields: [rowLink('song_id', 'Song', 'songs', 'song')],
    emptyRow: { song_id: null },
  },
];
