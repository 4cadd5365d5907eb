import type { TourStep } from '../../components/guided-tour';

const field = (name: string) => `ref-field-${name}`;
const rows = (name: string) => `ref-rows-${name}`;

/**
 * The new-release tour: an introduction, then label, metadata language, catalogue
 * number, title, version, release date, original release date, C line, P line, liner notes,
 * country, artists and roles, genres (maximum 2), identifiers, product details, recordings.
 */
export const RELEASE_TOUR: readonly TourStep[] = [
  {
    target: field('title'),
    title: 'A new release',
    text: 'This tour walks through the release form in the order stores read it. You can leave it at any step.',
  },
  { target: field('label_id'), title: 'Label', text: 'Choose the label the release comes out on.' },
  {
    target: field('metadata_language_id'),
    title: 'Metadata language',
    text: 'The language of the titles. It may not be Instrumental.',
  },
  {
    target: field('cat_no'),
    title: 'Catalogue number',
    text: 'Leave it empty to continue from the label’s last release, or type your own.',
  },
  {
    target: field('title'),
    title: 'Title',
    text: 'The release title as it should appear in stores, without version or artist.',
  },
  { target: field('version'), title: 'Version', text: 'A version such as Deluxe Edition or Remastered, if any.' },
  {
    target: field('release_date'),
    title: 'Release date',
    text: 'The day stores make the release available (YYYY-MM-DD). Required.',
  },
  {
    target: field('original_release_date'),
    title: 'Original release date',
    text: 'When the release first came out anywhere; for a new release, the same day. Required.',
  },
  { target: field('c_line'), title: 'C line', text: 'The copyright owner of the artwork and text, with its year.' },
  { target: field('p_line'), title: 'P line', text: 'The owner of the sound recordings, with its year.' },
  { target: field('liner_notes'), title: 'Liner notes', text: 'Optional notes shown by stores that support them.' },
  { target: field('country_id'), title: 'Country', text: 'The country the release comes from.' },
  {
    target: rows('artist_releases'),
    title: 'Artists and roles',
    text: 'Add the artists in display order. The first is Main; join texts build the display artists.',
  },
  {
    target: field('primary_genre_id'),
    title: 'Genres (maximum 2)',
    text: 'A primary genre is required; add a secondary one if it helps.',
  },
  {
    target: field('upc'),
    title: 'Identifiers',
    text: 'The release UPC, or a text with "assign" until one is assigned.',
  },
  {
    target: rows('products'),
    title: 'Product details',
    text: 'Distributed releases need at least one product: format, type, price tier and territories.',
  },
  {
    target: rows('release_recordings'),
    title: 'Recordings',
    text: 'Add the recordings in track order, with their disc numbers.',
  },
];

/** The new-recording tour (4 steps). */
export const RECORDING_TOUR: readonly TourStep[] = [
  {
    target: field('title'),
    title: 'Title',
    text: 'The recording title, without mix or version; put those in Mix title.',
  },
  {
    target: field('isrc'),
    title: 'ISRC',
    text: 'The recording’s ISRC (e.g. GB-AAA-05-00001). Dashes are removed for you.',
  },
  {
    target: rows('artist_recordings'),
    title: 'Artists',
    text: 'Add the artists; payee shares are split equally and may not add up to more than 100.',
  },
  {
    target: rows('contributor_recordings'),
    title: 'Contributors',
    text: 'Credit a Writer or Composer, and a Lyricist unless the audio language is Instrumental.',
  },
];
